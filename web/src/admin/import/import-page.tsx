/**
 * /admin/import (spec 001): catalogue figures, the RunSignup import form and the recent import jobs. The
 * outcome of a start goes to the Flashbar under the form: 'Import Started' with what was started, or 'Import Failed'
 * with the server's message (409 while another job runs).
 */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/api-error.ts';
import type { AdminSection } from '../admin-sections.ts';
import { ImportForm } from './import-form.tsx';
import { ImportJobsTable } from './import-jobs-table.tsx';
import { ImportStats } from './import-stats.tsx';
import { startedSentence } from './import-summary.ts';

export function ImportPage({ section, today }: { section: AdminSection; today?: string }) {
  useDocumentTitle(section.title);
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition>();
  const dismiss = () => setFlash(undefined);

  return (
    <ContentLayout header={<Header variant="h1" description={section.purpose}>{section.title}</Header>}>
      <SpaceBetween size="l">
        <ImportStats />
        <ImportForm
          today={today}
          onStarted={(_job, choices) =>
            setFlash({ id: 'import', type: 'success', header: 'Import Started', content: startedSentence(choices), dismissible: true, onDismiss: dismiss, dismissLabel: 'Dismiss' })
          }
          onFailed={(error) =>
            setFlash({
              id: 'import',
              type: 'error',
              header: 'Import Failed',
              content: errorMessage(error, 'Failed to start import job.'),
              dismissible: true,
              onDismiss: dismiss,
              dismissLabel: 'Dismiss',
            })
          }
        />
        {/* Right under the start button, where the admin is looking, and above the list the new job joins. */}
        {flash && <Flashbar items={[flash]} />}
        <ImportJobsTable />
      </SpaceBetween>
    </ContentLayout>
  );
}

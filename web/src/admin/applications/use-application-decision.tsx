/**
 * Deciding organizer applications, wherever the queue is shown (/admin/applications, /superadmin): read one
 * in full, then Approve (the applicant becomes an organizer at once) or Deny, confirmed in a Modal that takes
 * notes the applicant will see. The outcome is a flash message; the caller refreshes its list afterwards.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type ReactNode } from 'react';
import { APPLICATION_NOTES_MAX, type Application } from '#shared/schemas/organizer-application';
import { adminOrganizerApplicationsArea } from '../../lib/api-areas/admin-organizer-applications.ts';
import { useApi } from '../../lib/use-api.ts';
import { useFlashes } from '../use-flashes.ts';
import { useQueueDecision } from '../use-queue-decision.ts';
import { DecisionModal } from '../queue-parts.tsx';
import { ApplicationDetails, type Decision } from './application-columns.tsx';

export interface ApplicationDecisions {
  /** Ids being decided: their buttons are disabled until the answer arrives. */
  readonly busy: ReadonlySet<string>;
  readonly view: (application: Application) => void;
  readonly openDecision: (application: Application, decision: Decision) => void;
  /** The outcome messages, for the top of the page. */
  readonly flashbar: ReactNode;
  /** The reading and the confirmation modals, rendered once per page. */
  readonly modals: ReactNode;
}

export function useApplicationDecision(onSettled: () => void): ApplicationDecisions {
  const api = useApi(adminOrganizerApplicationsArea);
  const [viewing, setViewing] = useState<Application | undefined>();
  const { items: flashItems, flash } = useFlashes();
  const { busy, deciding, open, modal } = useQueueDecision<Application, Decision>({
    idOf: (application) => application.id,
    send: (application, decision, notes) => api('decideApplication', { path: { id: application.id }, body: { decision, notes } }),
    succeeded: (application, decision) =>
      decision === 'approve'
        ? { header: 'Application approved', content: `${application.organizationName} (${application.contactEmail}) is now an organizer.` }
        : { header: 'Application denied', content: `${application.contactEmail} can see your notes and may apply again.` },
    failedHeader: (decision) => (decision === 'approve' ? 'Approval failed' : 'Denial failed'),
    flash,
    onSettled,
  });

  const openDecision = (application: Application, decision: Decision) => {
    setViewing(undefined);
    open(application, decision);
  };
  const approving = deciding?.decision === 'approve';
  const modals = (
    <>
      <Modal
        visible={viewing !== undefined}
        onDismiss={() => setViewing(undefined)}
        header={viewing?.organizationName ?? 'Application'}
        closeAriaLabel="Close"
        size="large"
        footer={
          viewing?.status === 'pending' ? (
            <Box float="right">
              <SpaceBetween size="xs" direction="horizontal">
                <Button onClick={() => openDecision(viewing, 'deny')}>Deny</Button>
                <Button variant="primary" onClick={() => openDecision(viewing, 'approve')}>
                  Approve
                </Button>
              </SpaceBetween>
            </Box>
          ) : undefined
        }
      >
        {viewing ? <ApplicationDetails application={viewing} /> : null}
      </Modal>
      <DecisionModal
        {...modal}
        header={approving ? 'Approve application' : 'Deny application'}
        confirmText={approving ? 'Approve' : 'Deny'}
        sentence={
          deciding
            ? approving
              ? `${deciding.item.contactEmail} becomes an organizer at once: they may claim, create and promote events.`
              : `${deciding.item.contactEmail} stays an athlete and may apply again.`
            : null
        }
        notesFor="the applicant"
        notesMax={APPLICATION_NOTES_MAX}
      />
    </>
  );

  return { busy, view: setViewing, openDecision, flashbar: <Flashbar items={flashItems} />, modals };
}

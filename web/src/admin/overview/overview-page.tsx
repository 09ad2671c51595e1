/** /admin (spec 001): the overview figures, the JSON paste import and quick links to the admin sections. */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import type { AdminSection } from '../admin-sections.ts';
import { JsonImportPanel } from './json-import-panel.tsx';
import { OverviewFigures } from './overview-figures.tsx';
import { QuickLinks } from './quick-links.tsx';

export function OverviewPage({ section, today }: { section: AdminSection; today?: string }) {
  useDocumentTitle(section.title);
  return (
    <ContentLayout header={<Header variant="h1" description={section.purpose}>{section.title}</Header>}>
      <SpaceBetween size="l">
        <OverviewFigures />
        <Grid gridDefinition={[{ colspan: { default: 12, s: 8 } }, { colspan: { default: 12, s: 4 } }]}>
          <JsonImportPanel today={today} />
          <QuickLinks />
        </Grid>
      </SpaceBetween>
    </ContentLayout>
  );
}

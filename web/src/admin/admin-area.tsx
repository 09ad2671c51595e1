/**
 * The /admin/* area, loaded as its own chunk (React.lazy in app/routes.tsx). Cloudscape and its CSS will be
 * imported only from modules under web/src/admin so public pages never download them.
 */
import { Route, Routes } from 'react-router-dom';
import type { Role } from '#shared/roles';
import { RoleGate, type RoleGateProps } from '../components/role-gate.tsx';
import { NotFoundPage } from '../app/pages/not-found-page.tsx';
import { PlaceholderPage } from '../app/pages/placeholder-page.tsx';
import { ADMIN_PAGES } from './admin-pages.ts';

const ADMIN_ROLES: readonly Role[] = ['admin', 'superadmin'];
const SIGN_IN_TEXT = 'Sign in with an admin account to manage events, users, data and imports.';

/**
 * The role gate of every admin screen (admins by default): visitors are asked to sign in, everyone else is
 * denied, and no screen is shown to either. /superadmin passes its own role.
 */
export function AdminGate({ roles = ADMIN_ROLES, signInText = SIGN_IN_TEXT, ...rest }: Partial<RoleGateProps> & Pick<RoleGateProps, 'children'>) {
  return <RoleGate roles={roles} signInText={signInText} loadingLabel="Loading the admin area" {...rest} />;
}

function AdminScreen({ title, summary }: { title: string; summary: string }) {
  return (
    <AdminGate>
      <PlaceholderPage title={title} summary={summary} />
    </AdminGate>
  );
}

export default function AdminArea() {
  return (
    <Routes>
      {ADMIN_PAGES.map((page) =>
        page.path === '' ? (
          <Route key="index" index element={<AdminScreen title={page.title} summary={page.summary} />} />
        ) : (
          <Route key={page.path} path={page.path} element={<AdminScreen title={page.title} summary={page.summary} />} />
        ),
      )}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * The /admin/* area, loaded as its own chunk (route `lazy` in app/routes.tsx) with Cloudscape and its CSS, so
 * public pages never download them. Every section sits behind the admin gate: the role comes from the
 * server's profile (GET /api/me), and the server enforces it again on every admin route.
 */
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Role } from '#shared/roles';
import { RoleGate, type RoleGateProps } from '../components/role-gate.tsx';
import NotFoundPage from '../app/pages/not-found-page.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { ADMIN_SECTIONS, type AdminSection } from './admin-sections.ts';
import DataPage from './data/data-page.tsx';
import { SectionNotBuilt } from './section-not-built.tsx';
import { ImportPage } from './import/import-page.tsx';
import { OverviewPage } from './overview/overview-page.tsx';
import { SystemPage } from './system/system-page.tsx';
import { AdminEventsPage } from './events/admin-events-page.tsx';
import { ApplicationsPage } from './applications/applications-page.tsx';
import { ClaimsPage } from './claims/claims-page.tsx';
import { PromotionsPage } from './promotions/promotions-page.tsx';
import { EventReviewsPage } from './event-reviews/event-reviews-page.tsx';
import { UsersPage } from './users/users-page.tsx';
import { ContactMessagesPage } from './messages/contact-messages-page.tsx';
import { BlogPostsPage } from './blog/blog-posts-page.tsx';
import { ReviewsPage } from './reviews/reviews-page.tsx';

const ADMIN_ROLES: readonly Role[] = ['admin', 'superadmin'];

/** The sections that are built, by path (each gets its section); the others say what they will hold. */
export const SCREENS: Readonly<Record<string, ComponentType<{ section: AdminSection }>>> = {
  '': OverviewPage,
  import: ImportPage,
  data: DataPage,
  system: SystemPage,
  events: AdminEventsPage,
  applications: ApplicationsPage,
  claims: ClaimsPage,
  promotions: PromotionsPage,
  'event-reviews': EventReviewsPage,
  users: UsersPage,
  messages: ContactMessagesPage,
  blog: BlogPostsPage,
  reviews: ReviewsPage,
};

function screenOf(section: AdminSection) {
  const Screen = SCREENS[section.path];
  return Screen ? <Screen section={section} /> : <SectionNotBuilt section={section} />;
}
const SIGN_IN_TEXT = 'Sign in with an admin account to manage events, users, data and imports.';

/**
 * The role gate of every admin screen (admins by default): visitors are asked to sign in, everyone else is
 * denied ('Access Denied / You need admin privileges to access this page.'), and no screen is shown to
 * either. /superadmin passes its own role.
 */
export function AdminGate({ roles = ADMIN_ROLES, signInText = SIGN_IN_TEXT, ...rest }: Partial<RoleGateProps> & Pick<RoleGateProps, 'children'>) {
  return <RoleGate roles={roles} signInText={signInText} loadingLabel="Loading the admin area" {...rest} />;
}

export default function AdminArea() {
  return (
    <Routes>
      <Route
        element={
          <AdminGate>
            <AdminLayout />
          </AdminGate>
        }
      >
        {ADMIN_SECTIONS.map((section) =>
          section.path === '' ? (
            <Route key="index" index element={screenOf(section)} />
          ) : (
            <Route key={section.path} path={section.path} element={screenOf(section)} />
          ),
        )}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

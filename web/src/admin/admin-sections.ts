/**
 * The sections of the admin area (paths under /admin), in the order its side navigation lists them. None is
 * built yet: each says what it will hold, and later issues replace its empty state with the screen
 * (web/src/admin/<section>/, Cloudscape, composed as the Cloudscape demos do).
 */
export interface AdminSection {
  /** Path under /admin; '' is the area's overview. */
  readonly path: string;
  /** The side navigation's and breadcrumbs' word for it. */
  readonly navText: string;
  /** The page heading and tab title. */
  readonly title: string;
  /** What admins will do there, one sentence. */
  readonly purpose: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '', navText: 'Overview', title: 'Admin Panel', purpose: 'See the state of the catalogue, recent imports and what waits for review.' },
  { path: 'events', navText: 'Events', title: 'Event Management', purpose: 'Search, verify, feature, export and delete events.' },
  { path: 'import', navText: 'Imports', title: 'Event Import', purpose: 'Import events from RunSignup and follow the import jobs.' },
  { path: 'applications', navText: 'Applications', title: 'Organizer Applications', purpose: 'Approve or deny applications for organizer access; approval makes the applicant an organizer at once.' },
  { path: 'claims', navText: 'Event claims', title: 'Event Claims', purpose: "Approve or reject organizers' claims on the events they run." },
  {
    path: 'event-reviews',
    navText: 'New events',
    title: 'New Events & Edits',
    purpose: 'Approve events organizers create or send them back with notes, and see every edit owners make.',
  },
  { path: 'users', navText: 'Users', title: 'User Management', purpose: 'Find users and change their roles.' },
  { path: 'reviews', navText: 'Reviews', title: 'Review Moderation', purpose: 'Hide or keep reviews athletes reported, and feature, hide or restore race recaps.' },
  { path: 'promotions', navText: 'Promotions', title: 'Promotions', purpose: 'Approve paid promotions of events and follow the ones running.' },
  {
    path: 'messages',
    navText: 'Messages',
    title: 'Contact Messages',
    purpose: 'Read what people send through the contact form, answer them by e-mail and mark each one handled.',
  },
  { path: 'blog', navText: 'Blog', title: 'Blog Posts', purpose: 'Write posts in Markdown, publish or unpublish them, and delete them.' },
  { path: 'data', navText: 'Data', title: 'Data Management', purpose: 'See catalogue and newsletter figures and export events, users, organizations and newsletter subscribers as CSV.' },
  { path: 'system', navText: 'System', title: 'System', purpose: 'Check the health of the database, API and sign-in, set the system configuration, and follow the data migrations.' },
];

export const SUPER_ADMIN_SECTION: AdminSection = {
  path: '/superadmin',
  navText: 'Super admin',
  title: 'Super Admin Dashboard',
  purpose: 'See platform figures, decide pending organizer applications and manage roles and platform settings.',
};

/** The absolute path of a section. */
export function adminHref(section: AdminSection): string {
  if (section.path.startsWith('/')) return section.path;
  return section.path ? `/admin/${section.path}` : '/admin';
}

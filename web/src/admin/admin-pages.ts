import type { PageText } from '../app/pages/page-catalog.ts';

interface PageInfo extends PageText {
  path: string;
}

/** Admin screens of the route table (paths under /admin); later issues build them with Cloudscape. */
export const ADMIN_PAGES: readonly PageInfo[] = [
  { path: '', title: 'Admin Panel', summary: 'This page will import events and show the state of the catalogue.' },
  { path: 'events', title: 'Event Management', summary: 'This page will let admins search, verify, feature, export and delete events.' },
  { path: 'users', title: 'User Management', summary: "This page will let admins find users and change their roles." },
  { path: 'data', title: 'Data Management', summary: 'This page will show catalogue figures and export events, users and organizations as CSV.' },
  { path: 'import', title: 'Event Import', summary: 'This page will import events from RunSignup and follow the import jobs.' },
  { path: 'system', title: 'System', summary: 'This page will show the health of the database, API and sign-in, and the system configuration.' },
];

export const SUPER_ADMIN_PAGE: PageInfo = {
  path: 'superadmin',
  title: 'Super Admin Dashboard',
  summary: 'This page will show platform figures, pending organizer applications and links to every admin section.',
};

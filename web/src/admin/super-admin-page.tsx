/** /superadmin, loaded as its own chunk like the rest of the admin area. */
import { PlaceholderPage } from '../app/pages/placeholder-page.tsx';
import { SUPER_ADMIN_PAGE } from './admin-pages.ts';

export default function SuperAdminPage() {
  return <PlaceholderPage title={SUPER_ADMIN_PAGE.title} summary={SUPER_ADMIN_PAGE.summary} />;
}

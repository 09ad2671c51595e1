/**
 * The /admin/* area, loaded as its own chunk (React.lazy in app/routes.tsx). Cloudscape and its CSS will be
 * imported only from modules under web/src/admin so public pages never download them.
 */
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../app/pages/not-found-page.tsx';
import { PlaceholderPage } from '../app/pages/placeholder-page.tsx';
import { ADMIN_PAGES } from './admin-pages.ts';

export default function AdminArea() {
  return (
    <Routes>
      {ADMIN_PAGES.map((page) =>
        page.path === '' ? (
          <Route key="index" index element={<PlaceholderPage title={page.title} summary={page.summary} />} />
        ) : (
          <Route key={page.path} path={page.path} element={<PlaceholderPage title={page.title} summary={page.summary} />} />
        ),
      )}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

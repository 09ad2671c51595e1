import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingBlock } from '../components/spinner.tsx';
import { AuthPage } from '../features/auth/auth-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { NotFoundPage } from '../features/pages/not-found-page.tsx';
import { PUBLIC_PAGES } from '../features/pages/page-catalog.ts';
import { PlaceholderPage } from '../features/pages/placeholder-page.tsx';
import { AppShell } from './app-shell.tsx';

// The admin area (and Cloudscape with it) is a separate chunk that public visitors never download.
const AdminArea = lazy(() => import('../admin/admin-area.tsx'));
const SuperAdminPage = lazy(() => import('../admin/super-admin-page.tsx'));
const EventsPage = lazy(() => import('../features/events/events-page.tsx'));
const EventDetailPage = lazy(() => import('../features/event-detail/event-detail-page.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingBlock label="Loading page" />}>{children}</Suspense>;
}

/** Every route of the product's route table; anything else is the 404 page. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auth', element: <AuthPage /> },
      ...PUBLIC_PAGES.map((page) => ({ path: page.path, element: <PlaceholderPage title={page.title} summary={page.summary} /> })),
      {
        path: 'events',
        element: (
          <Lazy>
            <EventsPage />
          </Lazy>
        ),
      },
      {
        path: 'events/:id',
        element: (
          <Lazy>
            <EventDetailPage />
          </Lazy>
        ),
      },
      {
        path: 'dashboard',
        element: (
          <Lazy>
            <DashboardPage />
          </Lazy>
        ),
      },
      {
        path: 'admin/*',
        element: (
          <Lazy>
            <AdminArea />
          </Lazy>
        ),
      },
      {
        path: 'superadmin',
        element: (
          <Lazy>
            <SuperAdminPage />
          </Lazy>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

import type { RouteObject } from 'react-router-dom';
import { RoleGate, type PageModule } from '../components/role-gate.tsx';
// The event search is the product's main page, the one the home page's search leads to: it ships with the
// entry so /events renders without a second round trip (the first-load budget test keeps the entry small).
import EventsRoute from './pages/events-route.tsx';
import { HomePage } from '../features/home/pages/home-page.tsx';
import { AppShell } from './app-shell.tsx';
import { PageLoadError } from './page-load-error.tsx';

/**
 * A page in a chunk of its own, fetched by the router before it renders the page (route `lazy`) rather than
 * by React.lazy under Suspense: the page appears in one step, with no loading fallback flashing first and no
 * wait for React's throttled reveal of suspended content (300 ms after a fallback shows). While a chunk
 * loads on a client-side navigation the current page stays, and the shell shows a progress bar.
 */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { default: Page, gate } = await load();
      if (!gate) return { Component: Page };
      // A signed-in page: the role gate (in the entry, shared by every such page) decides who sees it; the
      // page's module says who may enter and in which words, so those texts load with it, not with the entry.
      return {
        Component: () => (
          <RoleGate {...gate}>
            <Page />
          </RoleGate>
        ),
      };
    },
  };
}

/** Nothing, while the first page of a visit waits for its chunk (a flash of a spinner would only add a paint). */
function FirstPageLoading() {
  return null;
}

/** Every route of the product's route table; anything else is the 404 page. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    HydrateFallback: FirstPageLoading,
    children: [
      {
        // Inside the shell, so a page that fails to load keeps the header and footer around the error.
        errorElement: <PageLoadError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'auth', ...page(() => import('../features/auth/pages/auth-page.tsx')) },
          { path: 'claim-event', ...page(() => import('../features/claims/pages/claim-event-page.tsx')) },
          { path: 'create-event', ...page(() => import('../features/organizer-events/pages/create-event-page.tsx')) },
          { path: 'events/:id/edit', ...page(() => import('../features/organizer-events/pages/edit-event-page.tsx')) },
          { path: 'promote-event', ...page(() => import('./pages/promote-event-route.tsx')) },
          {
            path: 'organizer-dashboard',
            ...page(() => import('./pages/organizer-dashboard-route.tsx')),
          },
          { path: 'training', ...page(() => import('../features/training/pages/training-hub-page.tsx')) },
          { path: 'ai-coach', ...page(() => import('../features/training/pages/ai-coach-page.tsx')) },
          {
            path: 'training-dashboard',
            ...page(() => import('../features/training/pages/training-dashboard-page.tsx')),
          },
          {
            path: 'training-journal',
            ...page(() => import('../features/training/pages/training-journal-page.tsx')),
          },
          { path: 'events', element: <EventsRoute /> },
          { path: 'events/:id', ...page(() => import('./pages/event-detail-route.tsx')) },
          {
            path: 'dashboard',
            ...page(() => import('./pages/dashboard-route.tsx')),
          },
          // The admin area (and Cloudscape with it) is a separate chunk that public visitors never download.
          {
            path: 'apply-organizer',
            ...page(() => import('../features/organizer-application/pages/apply-organizer-page.tsx')),
          },
          { path: 'admin/*', ...page(() => import('../admin/admin-area.tsx')) },
          { path: 'superadmin', ...page(() => import('../admin/super-admin-page.tsx')) },
          // Pages later issues build and unknown paths (404): their list and texts load with them, not with the entry.
          { path: '*', ...page(() => import('./pages/other-route.tsx')) },
        ],
      },
    ],
  },
];

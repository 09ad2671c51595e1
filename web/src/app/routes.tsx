import { lazy, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
// The event search is the product's main page, the one the home page's search leads to: it ships with the
// entry so /events renders without a second round trip (the first-load budget test keeps the entry small).
import EventsRoute from './pages/events-route.tsx';
import { HomePage } from '../features/home/pages/home-page.tsx';
import { AppShell } from './app-shell.tsx';
import { PageLoadError } from './page-load-error.tsx';
import { page } from './page-route.tsx';

/** Nothing, while the first page of a visit waits for its chunk (a flash of a spinner would only add a paint). */
function FirstPageLoading() {
  return null;
}

/** The home page's sections below the hero: races, the next saved race, role cards (a chunk of their own). */
const HomeBelow = lazy(() => import('./pages/home-route.tsx'));

/** The route the pages hang from: more-pages.tsx's pages are patched in under it. */
const PAGES_ROUTE_ID = 'pages';

/**
 * The router's options: lazy route discovery. When a path finds only the catch-all route, the router asks
 * here first, and more-pages.tsx's routes are loaded and patched in, so those pages' paths (and a byte of
 * their imports) never weigh on the entry. Paths that match an entry route never load them.
 */
export const routerOptions = {
  async patchRoutesOnNavigation({ path, patch }: { path: string; patch(routeId: string, children: RouteObject[]): void }) {
    // Decided from the path, not the router's partial matches (on a first load they stop at the root). The
    // router ignores a route patched in twice, so an unknown path asking again adds nothing.
    if (matchRoutes(appRoutes, path)?.at(-1)?.route.path !== '*') return;
    const { MORE_PAGES } = await import('./more-pages.tsx');
    patch(PAGES_ROUTE_ID, MORE_PAGES.map(({ path: pagePath, load }) => ({ path: pagePath, ...page(load) })));
  },
};

/** Every route of the product's route table; anything else is the 404 page. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    HydrateFallback: FirstPageLoading,
    children: [
      {
        // Inside the shell, so a page that fails to load keeps the header and footer around the error.
        id: PAGES_ROUTE_ID,
        errorElement: <PageLoadError />,
        children: [
          {
            index: true,
            element: (
              <HomePage
                below={
                  <Suspense fallback={null}>
                    <HomeBelow />
                  </Suspense>
                }
              />
            ),
          },
          { path: 'auth', ...page(() => import('../features/auth/pages/auth-page.tsx')) },
          {
            path: 'organizer-dashboard',
            ...page(() => import('./pages/organizer-dashboard-route.tsx')),
          },
          { path: 'events', element: <EventsRoute /> },
          { path: 'events/:id', ...page(() => import('./pages/event-detail-route.tsx')) },
          {
            path: 'dashboard',
            ...page(() => import('./pages/dashboard-route.tsx')),
          },
          // The admin area (and Cloudscape with it) is a separate chunk that public visitors never download.
          { path: 'admin/*', ...page(() => import('../admin/admin-area.tsx')) },
          // Everything else: the pages of more-pages.tsx join here when first asked for; what is left is the 404 page.
          { path: '*', ...page(() => import('./pages/not-found-page.tsx')) },
        ],
      },
    ],
  },
];

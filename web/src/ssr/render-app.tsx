/**
 * The app rendered to HTML on the server (lambdas/pages/site-page.ts): the pages that search engines and link
 * previews read, drawn by the very components the browser runs, as a visitor who is not signed in sees them,
 * with the data the page would fetch given up front (lib/page-data.ts). The browser's first render is then the
 * same markup, so React adopts it (main.tsx).
 *
 * Its routes are the app's own (app/routes.tsx) for these pages, nested the same way, but imported directly:
 * the app's table loads every page lazily, and a server bundle would carry them all (the admin area too).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/app-providers.tsx';
import { AppShell } from '../app/app-shell.tsx';
import { PageLoadError } from '../app/page-load-error.tsx';
import { createQueryClient } from '../app/query-client.ts';
import EventDetailRoute from '../app/pages/event-detail-route.tsx';
import RaceLandingRoute from '../app/pages/race-landing-route.tsx';
import { OrganizationPage } from '../app/pages/directory-pages.tsx';
import { RecapPage } from '../features/community/pages/community-pages.ts';
import BlogPostPage from '../features/blog/pages/blog-post-page.tsx';
import type { PageData } from '../lib/page-data.ts';

// What the server writes around this markup names the same things the app reads.
export { PAGE_DATA_ELEMENT_ID, type PageData } from '../lib/page-data.ts';
export { SITE_NAME } from '../components/use-document-title.ts';

const SERVER_ROUTES: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      {
        id: 'pages',
        errorElement: <PageLoadError />,
        children: [
          { path: 'events/:id', Component: EventDetailRoute },
          { path: 'races/:state/:kind?', Component: RaceLandingRoute },
          { path: 'organizers/:id', Component: OrganizationPage },
          { path: 'recaps/:id', Component: RecapPage },
          { path: 'blog/:slug', Component: BlogPostPage },
        ],
      },
    ],
  },
];

const handler = createStaticHandler(SERVER_ROUTES);

/** The markup of #root for this address (an absolute URL), rendered with the page's data. */
export async function renderApp(url: string, pageData: PageData): Promise<string> {
  const context = await handler.query(new Request(url));
  // No route here loads data or redirects, so the handler always answers with a context.
  if (context instanceof Response) throw new Error(`The server routes answered ${url} with a response`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Waits for every lazily loaded part (the footer's links among them), which renderToString would leave out.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} pageData={pageData} mayHaveSession={() => false}>
        {/* No hydration script: the page's data travels in its own JSON element, which the CSP allows. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    // One piece: React would otherwise write a large part (the footer) after the rest with an inline script that
    // moves it into place, which the site's CSP blocks.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

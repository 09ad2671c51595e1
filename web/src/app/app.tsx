import { useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { keyFirstHistoryEntry } from './history-entry-key.ts';
import type { PageData } from '../lib/page-data.ts';
import { AppProviders } from './app-providers.tsx';
import { createQueryClient } from './query-client.ts';
import { appRoutes, routerOptions } from './routes.tsx';

/** `children` render beside the router, inside the providers: what the app adds when it takes over a page (take-over.tsx). */
export function App({ pageData, children }: { readonly pageData?: PageData; readonly children?: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    keyFirstHistoryEntry();
    // On a server-rendered page the router must render the page at once, as the server did. Without hydration
    // data it first asks patchRoutesOnNavigation whether a route it has not loaded matches a path with a
    // parameter better (/events/:id), rendering nothing meanwhile, which would wipe the server's markup.
    return createBrowserRouter(appRoutes, { ...routerOptions, hydrationData: pageData && { loaderData: {} } });
  });
  return (
    <AppProviders queryClient={queryClient} pageData={pageData}>
      <RouterProvider router={router} />
      {children}
    </AppProviders>
  );
}

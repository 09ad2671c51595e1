/**
 * Taking over a page the server rendered (lambdas/pages/site-page.ts), in a chunk of its own that only such pages
 * load, so the bare app's first load carries none of it.
 *
 * The page's route is readied first (first-page-routes.ts) and the router is told it starts hydrated (app.tsx), so the
 * app's first render is the page itself, with the data the server embedded, not an empty fallback over the
 * server's markup. A visitor's first render then matches the server's, and React adopts it; someone who may be
 * signed in sees their own header, so their first render replaces the markup in one commit rather than
 * hydrating into a mismatch.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { browserMayHaveSession } from '../lib/auth/stored-session.ts';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../lib/page-data.ts';
import { App } from './app.tsx';
import { readyRoutesOf } from './first-page-routes.ts';
import { TakeOverSignal } from './take-over-signal.tsx';
import { appRoutes } from './routes.tsx';

/** The data the page carries; undefined if it cannot be read (the app then fetches as usual). */
function readPageData(): PageData | undefined {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as PageData;
    return typeof data?.path === 'string' ? data : undefined;
  } catch {
    return undefined;
  }
}

async function takeOver(root: HTMLElement): Promise<void> {
  const pageData = readPageData();
  // Offline or a failed chunk: the router loads it again and shows its own error.
  await readyRoutesOf(appRoutes, window.location.pathname).catch(() => undefined);
  const app = (
    <StrictMode>
      <App pageData={pageData}>
        <TakeOverSignal />
      </App>
    </StrictMode>
  );
  // In a transition, hydrating yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page (a long task of about 200 ms on Lighthouse's mobile CPU): the page stays responsive while the
  // app takes it over, as React Router's own entry does it.
  if (pageData && !browserMayHaveSession()) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

// Loaded by main.tsx only for a server-rendered page: taking it over is what loading this module does.
void takeOver(document.getElementById('root')!);

import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { PendingSaveRunner } from '../features/saved/components/pending-save-runner.tsx';
import { TopNav } from './navigation/top-nav.tsx';
import { useSettledScroll } from './use-settled-scroll.ts';
import './app-shell.css';

// Fetched once the shell has rendered, so the first load carries neither the banner nor its status request.
const MaintenanceBanner = lazy(() => import('./maintenance-banner.tsx'));
// Below every page, so it follows the page rather than delaying it: its links and newsletter form load in a
// chunk of their own, leaving the first load to what the first screen shows.
const SiteFooter = lazy(() => import('./navigation/site-footer.tsx').then((module) => ({ default: module.SiteFooter })));

/** Before ScrollRestoration, so that it prepares the page before the position is restored. */
function SettledScroll() {
  useSettledScroll();
  return null;
}

/** Skip link, header, main and footer landmarks around every page. */
export function AppShell() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);
  // A page whose code is still downloading: the current page stays until it is there.
  const pending = useNavigation().state === 'loading';

  // After client-side navigation, move focus to the new page's content so keyboard and screen-reader users
  // start there, as they would after a full page load.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {pending ? <div className="app__progress" role="progressbar" aria-label="Loading page" /> : null}
      <Suspense fallback={null}>
        <MaintenanceBanner />
      </Suspense>
      <TopNav />
      <main id="main" ref={mainRef} tabIndex={-1} className="app__main" aria-busy={pending || undefined}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <SettledScroll />
      <ScrollRestoration />
      {/* A save asked for before signing in happens once the person is signed in. */}
      <PendingSaveRunner />
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { SiteFooter } from '../features/navigation/site-footer.tsx';
import { TopNav } from '../features/navigation/top-nav.tsx';
import './app-shell.css';

/** Skip link, header, main and footer landmarks around every page. */
export function AppShell() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);

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
      <TopNav />
      <main id="main" ref={mainRef} tabIndex={-1} className="app__main">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}

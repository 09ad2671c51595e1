import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/button.tsx';
import { CloseIcon, MenuIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useMe, useRole } from '../../lib/use-me.ts';
import { displayName } from '../../lib/user-name.ts';
import { signInPath } from '../../lib/sign-in-path.ts';
import { MAIN_SECTIONS, navModel } from './nav-model.ts';
import { useViewMode } from './view-mode.tsx';
import './top-nav.css';

// Signed-in people only, once their profile is here: kept out of a visitor's first load.
const AccountMenu = lazy(() => import('./account-menu.tsx'));
// The inbox's bell, signed in only: its chunk (and the notifications API) stay out of a visitor's first load.
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell.tsx'));
// Opened from the menu button below the desktop width: its first opening loads it, keeping it out of the first load.
const MobileMenu = lazy(() => import('./mobile-menu.tsx'));
// Only roles with more than one view (organizers and admins) have the switch.
const ViewModeSelect = lazy(() => import('./view-mode-select.tsx'));

const navLinkClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`;

export function TopNav() {
  const { status, user, signOut } = useAuth();
  const role = useRole();
  const me = useMe();
  const { viewMode, canToggle } = useViewMode();
  const location = useLocation();
  const model = navModel(status === 'signedIn', role, viewMode);
  const email = user?.email ?? '';
  // The first name once the profile is here (the e-mail's name only for an account without one).
  const name = me.isPending ? '' : displayName(me.data, email);
  // Signing in or up from the header comes back to the page it was chosen on.
  const here = location.pathname + location.search + location.hash;
  const links = { signIn: signInPath(here), signUp: signInPath(here, 'signup') };

  // The menu is open for the location it was opened at, so any navigation closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // The bell sits with the account menu on the desktop nav and beside the menu button below its width (one shows).
  const bell =
    status === 'signedIn' ? (
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
    ) : null;

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__links">
            {MAIN_SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} className={navLinkClass}>
                  {section.label}
                </NavLink>
              </li>
            ))}
            {model.admin ? (
              <li>
                <NavLink to="/admin" className={navLinkClass}>
                  Admin
                </NavLink>
              </li>
            ) : null}
          </ul>
          <div className="site-nav__actions">
            {status === 'loading' ? <span className="site-nav__pending" aria-hidden="true" /> : null}
            {status === 'signedOut' ? (
              <>
                <ButtonLink to={links.signIn} variant="ghost" size="sm">
                  Log In
                </ButtonLink>
                <ButtonLink to={links.signUp} variant="primary" size="sm">
                  Sign Up
                </ButtonLink>
              </>
            ) : null}
            {status === 'signedIn' ? (
              <>
                {canToggle ? (
                  <Suspense fallback={null}>
                    <ViewModeSelect />
                  </Suspense>
                ) : null}
                {model.home ? (
                  // Beside the view switch, the view it names makes the dashboard's; its full name is for screen readers.
                  <ButtonLink to={model.home.to} variant="primary" size="sm" aria-label={model.home.label}>
                    {canToggle ? 'Dashboard' : model.home.label}
                  </ButtonLink>
                ) : null}
                {bell}
                {name ? (
                  <Suspense fallback={null}>
                    <AccountMenu name={name} email={email} onSignOut={() => void signOut()} />
                  </Suspense>
                ) : null}
              </>
            ) : null}
          </div>
        </nav>
        {bell}
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setOpenAt(menuOpen ? null : location.key)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu model={model} name={name} email={email} status={status} links={links} onSignOut={() => void signOut()} onNavigate={() => setOpenAt(null)} />
        </Suspense>
      ) : null}
    </header>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/button.tsx';
import { CloseIcon, MenuIcon, UserIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useMe, useRole } from '../../lib/use-me.ts';
import { displayName } from '../../lib/user-name.ts';
import { signInPath } from '../../lib/sign-in-path.ts';
import { MAIN_SECTIONS, navModel, type NavModel } from './nav-model.ts';
import { useViewMode } from './view-mode.tsx';
import './top-nav.css';

// Signed-in people only, once their profile is here: kept out of a visitor's first load.
const AccountMenu = lazy(() => import('./account-menu.tsx').then((module) => ({ default: module.AccountMenu })));
// Only roles with more than one view (organizers and admins) have the switch.
const ViewModeSelect = lazy(() => import('./view-mode-select.tsx').then((module) => ({ default: module.ViewModeSelect })));

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
                {name ? (
                  <Suspense fallback={null}>
                    <AccountMenu name={name} email={email} onSignOut={() => void signOut()} />
                  </Suspense>
                ) : null}
              </>
            ) : null}
          </div>
        </nav>
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
        <MobileMenu model={model} name={name} email={email} status={status} links={links} onSignOut={() => void signOut()} onNavigate={() => setOpenAt(null)} />
      ) : null}
    </header>
  );
}

interface MobileMenuProps {
  model: NavModel;
  name: string;
  email: string;
  status: string;
  links: { signIn: string; signUp: string };
  onSignOut: () => void;
  /** A link was followed: close at once, even while the next page is still loading. */
  onNavigate: () => void;
}

function MobileMenu({ model, name, email, status, links, onSignOut, onNavigate }: MobileMenuProps) {
  const { canToggle } = useViewMode();
  return (
    <nav
      id="mobile-menu"
      className="mobile-menu"
      aria-label="Mobile"
      onClick={(event) => {
        if ((event.target as Element).closest('a[href]')) onNavigate();
      }}
    >
      <div className="container">
        {model.signedIn ? (
          <div className="mobile-menu__user">
            <UserIcon size={18} />
            <span className="mobile-menu__who">
              <span className="mobile-menu__name">{name}</span>
              <span className="mobile-menu__email">{email}</span>
            </span>
            {model.roleTag ? <span className="role-tag">{model.roleTag}</span> : null}
          </div>
        ) : null}
        <ul className="mobile-menu__list">
          {MAIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <Link to={section.to}>{section.label}</Link>
            </li>
          ))}
          {model.home ? (
            <li>
              <Link to={model.home.to}>{model.home.label}</Link>
            </li>
          ) : null}
          {model.admin ? (
            <li>
              <Link to="/admin">Admin</Link>
            </li>
          ) : null}
          {model.signedIn ? (
            <li>
              <Link to="/settings">Account settings</Link>
            </li>
          ) : null}
        </ul>
        {model.signedIn ? (
          <div className="mobile-menu__footer">
            {canToggle ? (
              <Suspense fallback={null}>
                <ViewModeSelect showLabel />
              </Suspense>
            ) : null}
            <Button block onClick={onSignOut}>
              Sign Out
            </Button>
          </div>
        ) : status === 'signedOut' ? (
          <div className="mobile-menu__footer mobile-menu__footer--row">
            <ButtonLink to={links.signIn} block>
              Log In
            </ButtonLink>
            <ButtonLink to={links.signUp} variant="primary" block>
              Sign Up
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </nav>
  );
}

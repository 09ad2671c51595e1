/** The menu below the desktop width: the sections, the person's dashboard and settings, and signing in or out. */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/button.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { MAIN_SECTIONS, type NavModel } from './nav-model.ts';
import { useViewMode } from './view-mode.tsx';

const ViewModeSelect = lazy(() => import('./view-mode-select.tsx'));

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

export default function MobileMenu({ model, name, email, status, links, onSignOut, onNavigate }: MobileMenuProps) {
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

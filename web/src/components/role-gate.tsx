import type { ComponentType, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Role } from '#shared/roles';
import { errorMessage } from '../lib/api-error.ts';
import { useAuth } from '../lib/auth/auth-context.ts';
import { useMe } from '../lib/use-me.ts';
import { signInPath } from '../lib/sign-in-path.ts';
import { Button, ButtonLink } from './button.tsx';
import { LoadingBlock } from './spinner.tsx';
import { StatusPage } from './status-page.tsx';

export const ADMIN_DENIED_TEXT = 'You need admin privileges to access this page.';

export interface RoleGateProps {
  /** Roles let in (by the /api/me profile); omitted, any signed-in user is. */
  roles?: readonly Role[];
  /** Why a visitor should sign in, shown under the sign-in title. */
  signInText: string;
  /** The sign-in prompt's title when a page has its own (spec 001's 'AI Coach Access Required'); else 'Please Sign In'. */
  signInTitle?: string;
  /** What a signed-in user without one of the roles is told under 'Access Denied'. */
  deniedText?: string;
  /** Read to assistive technology while sign-in state or the profile loads. */
  loadingLabel?: string;
  children: ReactNode;
}

/** Who may enter a page and in which words: what a signed-in page's module exports as `gate`. */
export type PageGate = Omit<RoleGateProps, 'children'>;

/** A page's module as the router loads it: the page, and for a signed-in page its gate. */
export interface PageModule {
  readonly default: ComponentType;
  readonly gate?: PageGate;
}

/**
 * The door of every signed-in page: visitors get a sign-in prompt and users without the role an access-denied
 * page; the page itself (and whatever it fetches) renders only for those let in. The server checks again:
 * this only decides what to show.
 */
export function RoleGate({ roles, signInText, signInTitle = 'Please Sign In', deniedText = ADMIN_DENIED_TEXT, loadingLabel = 'Loading', children }: RoleGateProps) {
  const { status, user } = useAuth();
  const me = useMe();
  const location = useLocation();

  if (status === 'loading') return <GateLoading label={loadingLabel} />;
  if (status === 'signedOut' || !user) {
    return (
      <StatusPage
        heading={signInTitle}
        text={signInText}
        actions={
          <>
            {/* Signing in comes back to this page. */}
            <ButtonLink to={signInPath(location.pathname + location.search + location.hash)} variant="primary" size="lg">
              Sign in
            </ButtonLink>
            <ButtonLink to="/events" size="lg">
              Browse events
            </ButtonLink>
          </>
        }
      />
    );
  }
  if (!roles) return children;
  if (me.isError) {
    return (
      <StatusPage
        heading="We couldn't check your access"
        text={errorMessage(me.error)}
        actions={
          <Button variant="primary" onClick={() => void me.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!me.data) return <GateLoading label={loadingLabel} />;
  if (!roles.includes(me.data.role)) {
    return <StatusPage heading="Access Denied" text={deniedText} actions={<ButtonLink to="/">Return to Home</ButtonLink>} />;
  }
  return children;
}

function GateLoading({ label }: { label: string }) {
  return (
    <div className="status-page container">
      <LoadingBlock label={label} />
    </div>
  );
}

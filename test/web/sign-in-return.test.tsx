/**
 * Signing in from the save prompt or from a signed-in page's gate comes back to where the person was and
 * finishes what they were doing: the save happens, once, after a sign-in or a sign-up and its confirmation.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes, routerOptions } from '../../web/src/app/routes.tsx';
import { ViewModeProvider } from '../../web/src/app/navigation/view-mode.tsx';
import { ToastProvider } from '../../web/src/components/toast.tsx';
import { AuthContext, type AuthContextValue } from '../../web/src/lib/auth/auth-context.ts';
import { safeReturnTo } from '../../web/src/lib/safe-return-to.ts';
import { signInPath } from '../../web/src/lib/sign-in-path.ts';
import { PENDING_SAVE_KEY, rememberPendingSave } from '../../web/src/features/saved/api/pending-save.ts';
import { takePendingSave } from '../../web/src/features/saved/api/take-pending-save.ts';
import { createFakeApi, makeEvents, type FakeApi } from './events-fixtures.ts';
import { fakeAuth, profileFor, renderApp, signedInAs } from './render-app.tsx';
import { meQueryKey } from '../../web/src/lib/use-me.ts';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

const ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  sessionStorage.clear();
});
afterEach(() => {
  sessionStorage.clear();
});

describe('returnTo', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeReturnTo('/events?state=CO&q=trail')).toBe('/events?state=CO&q=trail');
    expect(safeReturnTo('/events/01JABCDEFGHJKMNPQRSTVWXYZ0#map')).toBe('/events/01JABCDEFGHJKMNPQRSTVWXYZ0#map');
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
  });

  it('refuses anything that could leave the site, and /auth itself', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'events',
      '',
      null,
      undefined,
      '/auth',
      '/auth?returnTo=/dashboard',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeUndefined();
    }
  });

  it('builds the sign-in link with the page to come back to', () => {
    expect(signInPath('/events?state=CO')).toBe('/auth?returnTo=%2Fevents%3Fstate%3DCO');
    expect(signInPath('/dashboard', 'signup')).toBe('/auth?mode=signup&returnTo=%2Fdashboard');
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath('/', 'signup')).toBe('/auth?mode=signup');
    expect(signInPath('/auth?mode=signup&returnTo=%2Fevents')).toBe('/auth');
  });
});

describe('pending save record', () => {
  it('is consumed once', () => {
    rememberPendingSave({ id: ID, title: 'Bolder Boulder' }, 1_000);
    expect(takePendingSave(2_000)).toEqual({ id: ID, title: 'Bolder Boulder' });
    expect(takePendingSave(2_000)).toBeUndefined();
    expect(sessionStorage.getItem(PENDING_SAVE_KEY)).toBeNull();
  });

  it('drops what is stale or malformed (and removes it)', () => {
    rememberPendingSave({ id: ID, title: 'Old' }, 0);
    expect(takePendingSave(2 * 60 * 60 * 1000)).toBeUndefined();
    for (const raw of ['not json', '{"id":"../../me","title":"x","at":1}', '{"id":"01JABCDEFGHJKMNPQRSTVWXYZ0","at":1}', '[]']) {
      sessionStorage.setItem(PENDING_SAVE_KEY, raw);
      expect(takePendingSave(2), raw).toBeUndefined();
      expect(sessionStorage.getItem(PENDING_SAVE_KEY)).toBeNull();
    }
  });
});

/** The app with an auth value that changes when the person signs in, as the real provider's does. */
function renderWithSignIn(path: string, overrides: Partial<AuthContextValue> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const profile = profileFor('athlete');
  queryClient.setQueryData(meQueryKey(profile.id), profile);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path], ...routerOptions });
  const signIn = vi.fn();
  function StatefulAuth() {
    const [signedIn, setSignedIn] = useState(false);
    const auth = useMemo(
      () =>
        fakeAuth({
          ...(signedIn ? { status: 'signedIn' as const, user: { id: profile.id, email: profile.email } } : {}),
          getIdToken: vi.fn(async () => (signedIn ? 'token' : undefined)),
          signIn: vi.fn(async (...args: unknown[]) => {
            signIn(...args);
            setSignedIn(true);
            return { kind: 'signedIn' as const };
          }),
          ...overrides,
        }),
      [signedIn],
    );
    return (
      <AuthContext.Provider value={auth}>
        <ViewModeProvider>
          <RouterProvider router={router} />
        </ViewModeProvider>
      </AuthContext.Provider>
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <StatefulAuth />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { router, signIn };
}

const here = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.pathname + router.state.location.search;

describe('signing in from the save prompt', () => {
  function serveEvents() {
    const events = makeEvents(3);
    mocked.api.on('searchEvents', () => ({ items: events, complete: true }));
    const saved: { savedAt: string; event: (typeof events)[number] }[] = [];
    mocked.api.on('listSavedEvents', () => ({ items: saved }));
    mocked.api.on('saveEvent', ({ path }) => {
      saved.push({ savedAt: '2030-01-01T00:00:00.000Z', event: events.find((event) => event.id === path!.eventId)! });
      return { eventId: path!.eventId, savedAt: '2030-01-01T00:00:00.000Z' };
    });
    return events;
  }

  it('comes back to the same search and saves the event, once', async () => {
    const user = userEvent.setup();
    const [first] = serveEvents();
    const { router, signIn } = renderWithSignIn('/events?state=CO');
    await user.click(await screen.findByRole('button', { name: `Save ${first!.title}` }));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(here(router)).toBe('/auth?returnTo=%2Fevents%3Fstate%3DCO'));
    expect(mocked.api.callsOf('saveEvent')).toEqual([]);

    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('sam@example.com', 'Secret-123');

    await waitFor(() => expect(here(router)).toBe('/events?state=CO'));
    expect(await screen.findByText('Event saved!')).toBeInTheDocument();
    expect(mocked.api.callsOf('saveEvent')).toEqual([{ path: { eventId: first!.id } }]);
    expect(sessionStorage.getItem(PENDING_SAVE_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: `Remove ${first!.title} from saved` })).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves after a sign-up and its confirmation too, keeping the way back through the steps', async () => {
    const user = userEvent.setup();
    const [, second] = serveEvents();
    const { router } = renderWithSignIn('/events?q=trail', {
      signUp: vi.fn().mockResolvedValue({ kind: 'confirmSignUp', destination: 's***@example.com' }),
    });
    await user.click(await screen.findByRole('button', { name: `Save ${second!.title}` }));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('tab', { name: 'Sign up' }));
    expect(here(router)).toBe('/auth?mode=signup&returnTo=%2Fevents%3Fq%3Dtrail');
    await user.type(screen.getByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Rivera');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

    await waitFor(() => expect(here(router)).toBe('/events?q=trail'));
    await waitFor(() => expect(mocked.api.callsOf('saveEvent')).toEqual([{ path: { eventId: second!.id } }]));
  });
});

describe('signing in from the header', () => {
  it('comes back to the page it was chosen on', async () => {
    renderApp({ path: '/events?state=CO' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth?returnTo=%2Fevents%3Fstate%3DCO');
    expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup&returnTo=%2Fevents%3Fstate%3DCO');
  });
});

describe('signing in from a signed-in page', () => {
  it("links the gate's Sign in to a return to that page", async () => {
    renderApp({ path: '/dashboard?tab=completed' });
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/auth?returnTo=%2Fdashboard%3Ftab%3Dcompleted');
  });

  it('sends a signed-in person to the returnTo path, and home when it names another site', async () => {
    const { auth, profile } = signedInAs('athlete');
    mocked.api.on('listSavedEvents', () => ({ items: [] }));
    const good = renderApp({ auth, profile, path: '/auth?returnTo=%2Fevents%3Fstate%3DTX' });
    await waitFor(() => expect(here(good.router)).toBe('/events?state=TX'));
    good.unmount();
    const bad = renderApp({ auth, profile, path: '/auth?returnTo=%2F%2Fevil.example%2F' });
    await waitFor(() => expect(here(bad.router)).toBe('/'));
  });
});

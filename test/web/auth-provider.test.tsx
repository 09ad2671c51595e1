import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../web/src/components/toast.tsx';
import type { AuthBackend, AuthEvent, AuthUser } from '../../web/src/lib/auth/auth-backend.ts';
import { useAuth } from '../../web/src/lib/auth/auth-context.ts';
import { AuthProvider } from '../../web/src/lib/auth/auth-provider.tsx';
import { LOCAL_CONFIG } from './render-app.tsx';

const ATHLETE: AuthUser = { id: 'sub-1', email: 'runner@example.com' };

/** An identity backend under the test's control: who is signed in, and a hand on the auth event stream. */
function fakeBackend(initialUser: AuthUser | null = null) {
  let user = initialUser;
  let listener: ((event: AuthEvent) => void) | undefined;
  const backend: AuthBackend = {
    config: LOCAL_CONFIG,
    currentUser: vi.fn(async () => user),
    onAuthEvent: (next) => {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
    signIn: vi.fn(async () => {
      user = ATHLETE;
      listener?.({ type: 'signedIn' });
      return { kind: 'signedIn' as const };
    }),
    signUp: vi.fn(async () => ({ kind: 'confirmSignUp' as const })),
    confirmSignUp: vi.fn(async () => undefined),
    resendSignUpCode: vi.fn(async () => ({})),
    signInWithGoogle: vi.fn(async () => undefined),
    signOut: vi.fn(async () => {
      user = null;
      listener?.({ type: 'signedOut' });
    }),
    getIdToken: vi.fn(async () => (user ? 'id-token' : undefined)),
  };
  return {
    backend,
    emit: (event: AuthEvent) => act(() => listener?.(event)),
  };
}

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p data-testid="status">{auth.status}</p>
      <p data-testid="email">{auth.user?.email ?? ''}</p>
      <p data-testid="setup-error">{auth.setupError ?? ''}</p>
      <p data-testid="google">{auth.config ? String(auth.config.googleSignIn) : 'no config'}</p>
      <button type="button" onClick={() => auth.prepare()}>
        prepare
      </button>
      <button type="button" onClick={() => void auth.getIdToken().then((token) => (document.title = token ?? 'no token'))}>
        token
      </button>
      <button type="button" onClick={() => void auth.signIn('runner@example.com', 'Secret-123')}>
        sign in
      </button>
      <button
        type="button"
        onClick={() =>
          void auth
            .signUp({ firstName: 'Ana', lastName: 'Runner', email: 'runner@example.com', password: 'Secret-123' })
            .then(() => auth.confirmSignUp('runner@example.com', '123456'))
            .then(() => auth.signIn('runner@example.com', 'Secret-123'))
        }
      >
        sign up
      </button>
      <button type="button" onClick={() => void auth.signOut()}>
        sign out
      </button>
    </div>
  );
}

/** By default a session may exist, so the backend loads at once (the page-load path). */
function renderProvider(loadBackend: () => Promise<AuthBackend>, mayHaveSession = () => true) {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider loadBackend={loadBackend} mayHaveSession={mayHaveSession}>
          <Probe />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('AuthProvider', () => {
  it('throws the exact message when useAuth is used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('is loading until the first session check, then signed out', async () => {
    const { backend } = fakeBackend(null);
    let release!: (value: AuthBackend) => void;
    renderProvider(() => new Promise((resolve) => (release = resolve)));
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await act(async () => release(backend));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
  });

  it('restores an existing session silently on page load', async () => {
    const { backend } = fakeBackend(ATHLETE);
    renderProvider(async () => backend);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(screen.getByTestId('email')).toHaveTextContent('runner@example.com');
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });

  it('greets a sign-in that follows the first observed state', async () => {
    const user = userEvent.setup();
    const { backend } = fakeBackend(null);
    renderProvider(async () => backend);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));

    await user.click(screen.getByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(await screen.findByRole('status')).toHaveTextContent("Welcome back!You've been successfully signed in.");
  });

  it('welcomes a new sign-up (after confirmation) instead of welcoming it back', async () => {
    const user = userEvent.setup();
    const { backend } = fakeBackend(null);
    renderProvider(async () => backend);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));

    await user.click(screen.getByRole('button', { name: 'sign up' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(await screen.findByRole('status')).toHaveTextContent('Welcome to RaceFinder!');
    expect(screen.queryByText('Welcome back!')).toBeNull();

    // Only that first sign-in: signing out and in again is a return.
    await user.click(screen.getByRole('button', { name: 'sign out' }));
    await screen.findByText('Signed out');
    await user.click(screen.getByRole('button', { name: 'sign in' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });

  it('does not greet a sign-in that is the first state observed (a Google redirect completing on load)', async () => {
    const { backend, emit } = fakeBackend(null);
    let finishSessionCheck!: (user: AuthUser | null) => void;
    vi.mocked(backend.currentUser)
      .mockImplementationOnce(() => new Promise((resolve) => (finishSessionCheck = resolve)))
      .mockResolvedValue(ATHLETE);
    renderProvider(async () => backend);
    await waitFor(() => expect(backend.currentUser).toHaveBeenCalledTimes(1));

    emit({ type: 'signedIn' });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    await act(async () => finishSessionCheck(null)); // the slower first check must not undo the sign-in
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });

  it('confirms a sign-out with a toast', async () => {
    const user = userEvent.setup();
    const { backend } = fakeBackend(ATHLETE);
    renderProvider(async () => backend);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));

    await user.click(screen.getByRole('button', { name: 'sign out' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText("You've been successfully signed out.")).toBeInTheDocument();
  });

  it('reports a failed sign-out as a destructive toast with the message', async () => {
    const user = userEvent.setup();
    const { backend } = fakeBackend(ATHLETE);
    backend.signOut = vi.fn(async () => {
      throw new Error('Network unreachable');
    });
    renderProvider(async () => backend);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));

    await user.click(screen.getByRole('button', { name: 'sign out' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error signing out');
    expect(alert).toHaveTextContent('Network unreachable');
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
  });

  it('reports a failed Google redirect sign-in', async () => {
    const { backend, emit } = fakeBackend(null);
    renderProvider(async () => backend);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));

    emit({ type: 'googleSignInFailed', message: 'invalid_grant' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Google sign in failed');
    expect(alert).toHaveTextContent('invalid_grant');
  });

  it('turns signed out when the session can no longer be refreshed', async () => {
    const { backend, emit } = fakeBackend(ATHLETE);
    renderProvider(async () => backend);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));

    vi.mocked(backend.currentUser).mockResolvedValue(null);
    emit({ type: 'tokenRefreshFailed' });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
  });

  it('is signed out with a setup error when the runtime configuration cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProvider(() => Promise.reject(new Error('Could not load /config.json (HTTP 404)')));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    expect(screen.getByTestId('setup-error')).toHaveTextContent('Could not load /config.json (HTTP 404)');
  });

  describe('a visitor with no stored session', () => {
    const noSession = () => false;

    it('is signed out from the first render without loading the identity service', async () => {
      const load = vi.fn(async () => fakeBackend(null).backend);
      renderProvider(load, noSession);
      expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
      expect(screen.getByTestId('google')).toHaveTextContent('no config');

      await userEvent.setup().click(screen.getByRole('button', { name: 'token' }));
      await waitFor(() => expect(document.title).toBe('no token'));
      expect(load).not.toHaveBeenCalled();
    });

    it('loads it when a page asks to prepare sign-in, exposing the configuration', async () => {
      const load = vi.fn(async () => fakeBackend(null).backend);
      renderProvider(load, noSession);
      await userEvent.setup().click(screen.getByRole('button', { name: 'prepare' }));
      await waitFor(() => expect(screen.getByTestId('google')).toHaveTextContent('false'));
      expect(load).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
    });

    it('signs in on demand and greets it, then follows sign-out events', async () => {
      const user = userEvent.setup();
      const { backend } = fakeBackend(null);
      const load = vi.fn(async () => backend);
      renderProvider(load, noSession);

      await user.click(screen.getByRole('button', { name: 'sign in' }));
      await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
      expect(await screen.findByRole('status')).toHaveTextContent('Welcome back!');
      expect(load).toHaveBeenCalledTimes(1);

      await user.click(screen.getByRole('button', { name: 'sign out' }));
      await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    });

    it('picks up a sign-in made in another tab', async () => {
      const { backend } = fakeBackend(ATHLETE);
      renderProvider(async () => backend, noSession);
      expect(screen.getByTestId('status')).toHaveTextContent('signedOut');

      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'CognitoIdentityServiceProvider.client.sub-1.refreshToken' }));
      });
      await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
      expect(screen.getByTestId('email')).toHaveTextContent('runner@example.com');
    });

    it('reports a setup failure when preparing sign-in', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      renderProvider(() => Promise.reject(new Error('Could not load /config.json (HTTP 404)')), noSession);
      await userEvent.setup().click(screen.getByRole('button', { name: 'prepare' }));
      await waitFor(() => expect(screen.getByTestId('setup-error')).toHaveTextContent('Could not load /config.json (HTTP 404)'));
    });
  });
});

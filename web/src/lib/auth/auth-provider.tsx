import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useToast } from '../../components/toast.tsx';
import { errorMessage } from '../api-error.ts';
import type { AuthBackend, AuthEvent, AuthUser } from './auth-backend.ts';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context.ts';
import { AMPLIFY_STORAGE_PREFIX, browserMayHaveSession } from './stored-session.ts';
import { USER_QUERY_ROOT } from './user-query-key.ts';

/** Amplify, zod and the config fetch load in their own chunk, after the first paint. */
const loadAmplifyBackend = () => import('./amplify-backend.ts').then((module) => module.createAmplifyBackend());

interface State {
  status: AuthStatus;
  user: AuthUser | null;
  backend: AuthBackend | null;
  setupError: string | null;
}

interface AuthProviderProps {
  children: ReactNode;
  loadBackend?: () => Promise<AuthBackend>;
  /** Whether a session may exist (stored-session.ts); when not, the backend loads only once it is needed. */
  mayHaveSession?: () => boolean;
}

export function AuthProvider({ children, loadBackend = loadAmplifyBackend, mayHaveSession = browserMayHaveSession }: AuthProviderProps) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  // Decided once per page load: without a possible session the visitor is signed out from the first render.
  const [sessionPossible] = useState(mayHaveSession);
  const [state, setState] = useState<State>({ status: sessionPossible ? 'loading' : 'signedOut', user: null, backend: null, setupError: null });
  const backendPromise = useRef<Promise<AuthBackend> | null>(null);
  // Set by the effect below: subscribes to the backend once it is loaded, whoever asked for it first.
  const connect = useRef<() => void>(() => {});
  // Set when this tab created an account: its first sign-in is greeted as a welcome, not a 'welcome back'.
  const newAccount = useRef(false);

  const getBackend = useCallback(() => {
    backendPromise.current ??= loadBackend();
    connect.current();
    return backendPromise.current;
  }, [loadBackend]);

  useEffect(() => {
    let active = true;
    // The spec greets only sign-ins after the first observed state, so a page load with a session is silent.
    // A visitor known to be signed out has been observed already.
    let observed = !sessionPossible;
    let connected = false;
    let unsubscribe: (() => void) | undefined;

    const applyUser = (backend: AuthBackend, user: AuthUser | null) => {
      if (!active) return;
      if (!user) queryClient.removeQueries({ queryKey: USER_QUERY_ROOT });
      setState({ status: user ? 'signedIn' : 'signedOut', user, backend, setupError: null });
    };

    const onBackend = (backend: AuthBackend) => {
      if (!active) return;
      const handle = async (event: AuthEvent) => {
        const first = !observed;
        observed = true;
        switch (event.type) {
          case 'signedIn':
            applyUser(backend, await backend.currentUser());
            if (!first && active) {
              toast(
                newAccount.current
                  ? { title: 'Welcome to RaceFinder!', description: 'Your account is ready and you are signed in.' }
                  : { title: 'Welcome back!', description: "You've been successfully signed in." },
              );
            }
            newAccount.current = false;
            break;
          case 'signedOut':
            applyUser(backend, null);
            break;
          case 'tokenRefreshFailed':
            applyUser(backend, await backend.currentUser());
            break;
          case 'googleSignInFailed':
            toast({ title: 'Google sign in failed', description: event.message, variant: 'destructive' });
            break;
        }
      };
      // Subscribe before the first session check so no sign-in completing meanwhile is missed.
      unsubscribe = backend.onAuthEvent((event) => void handle(event));
      if (observed) {
        // Loaded on demand (a sign-in is starting): the state is known, only the backend is new.
        setState((current) => ({ ...current, backend }));
        return;
      }
      void backend.currentUser().then((user) => {
        if (observed) return; // an auth event already decided the state
        observed = true;
        applyUser(backend, user);
      });
    };
    const onSetupError = (error: unknown) => {
      console.error('Sign-in is unavailable: could not set up the identity service', error);
      if (active) setState({ status: 'signedOut', user: null, backend: null, setupError: errorMessage(error) });
    };
    connect.current = () => {
      if (connected) return;
      connected = true;
      void getBackend().then(onBackend, onSetupError);
    };
    // Signing in or out in another tab changes Amplify's keys; this tab's Amplify may not be listening yet.
    const onStorage = (event: StorageEvent) => {
      if (!event.key?.startsWith(AMPLIFY_STORAGE_PREFIX)) return;
      void getBackend().then(async (backend) => applyUser(backend, await backend.currentUser()), onSetupError);
    };

    if (sessionPossible) connect.current();
    else window.addEventListener('storage', onStorage);

    return () => {
      active = false;
      connect.current = () => {};
      window.removeEventListener('storage', onStorage);
      unsubscribe?.();
    };
  }, [getBackend, sessionPossible, queryClient, toast]);

  const signOut = useCallback(async () => {
    try {
      const backend = await getBackend();
      await backend.signOut();
      queryClient.removeQueries({ queryKey: USER_QUERY_ROOT });
      setState((current) => ({ ...current, status: 'signedOut', user: null }));
      toast({ title: 'Signed out', description: "You've been successfully signed out." });
    } catch (error) {
      toast({ title: 'Error signing out', description: errorMessage(error), variant: 'destructive' });
    }
  }, [getBackend, queryClient, toast]);

  const prepare = useCallback(() => {
    void getBackend().catch(() => {}); // a failure is reported as setupError by the connection
  }, [getBackend]);

  const getIdToken = useCallback(async () => {
    // A visitor without a session, who has not started signing in, has no token: no need to load Amplify.
    if (!sessionPossible && !backendPromise.current) return undefined;
    return (await getBackend()).getIdToken();
  }, [getBackend, sessionPossible]);

  const value = useMemo<AuthContextValue>(() => {
    const refresh = async (backend: AuthBackend) => {
      const user = await backend.currentUser();
      setState((current) => ({ ...current, status: user ? 'signedIn' : 'signedOut', user }));
    };
    return {
      status: state.status,
      user: state.user,
      config: state.backend?.config ?? null,
      setupError: state.setupError,
      prepare,
      async signIn(email, password) {
        const backend = await getBackend();
        const result = await backend.signIn(email, password);
        if (result.kind === 'signedIn') await refresh(backend);
        return result;
      },
      async signUp(input) {
        const result = await (await getBackend()).signUp(input);
        newAccount.current = true;
        return result;
      },
      async confirmSignUp(email, code) {
        await (await getBackend()).confirmSignUp(email, code);
      },
      async resendSignUpCode(email) {
        return (await getBackend()).resendSignUpCode(email);
      },
      async signInWithGoogle() {
        await (await getBackend()).signInWithGoogle();
      },
      signOut,
      getIdToken,
    };
  }, [state, getBackend, signOut, getIdToken, prepare]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

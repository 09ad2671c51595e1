import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '#shared/runtime-config';
import type { AuthBackend, AuthUser } from './auth-backend.ts';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** The backend's actions, as the app calls them; signOut also reports the outcome with a toast. */
type AuthActions = Pick<
  AuthBackend,
  'signIn' | 'signUp' | 'confirmSignUp' | 'resendSignUpCode' | 'signInWithGoogle' | 'signOut' | 'getIdToken'
>;

export interface AuthContextValue extends AuthActions {
  /** 'loading' until the first session check answers. */
  status: AuthStatus;
  user: AuthUser | null;
  /** The runtime configuration, once loaded. */
  config: RuntimeConfig | null;
  /** Why sign-in is unavailable (configuration could not be loaded), if it is. */
  setupError: string | null;
  /**
   * Loads the identity service now. For visitors without a session it loads only when needed; pages that
   * offer sign-in call this so `config` (the Google button) and any `setupError` are there when they show.
   */
  prepare(): void;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

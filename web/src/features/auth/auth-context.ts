import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '#shared/runtime-config';
import type { AuthUser, SignInResult, SignUpInput, SignUpResult } from './auth-backend.ts';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  /** 'loading' until the first session check answers. */
  status: AuthStatus;
  user: AuthUser | null;
  /** The runtime configuration, once loaded. */
  config: RuntimeConfig | null;
  /** Why sign-in is unavailable (configuration could not be loaded), if it is. */
  setupError: string | null;
  signIn(email: string, password: string): Promise<SignInResult>;
  signUp(input: SignUpInput): Promise<SignUpResult>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<{ destination?: string }>;
  signInWithGoogle(): Promise<void>;
  /** Signs out and reports the outcome with a toast. */
  signOut(): Promise<void>;
  getIdToken(): Promise<string | undefined>;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

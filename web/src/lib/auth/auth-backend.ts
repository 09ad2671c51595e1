/**
 * What the app needs from the identity service. The Amplify implementation (amplify-backend.ts) is loaded
 * after first paint so Amplify stays out of the public first-load bundle; tests supply their own.
 */
import type { RuntimeConfig } from '#shared/runtime-config';

export interface AuthUser {
  /** Cognito `sub`. */
  id: string;
  email: string;
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Where an e-mail/password sign-in ended: signed in, or the account still needs its confirmation code. */
export type SignInResult = { kind: 'signedIn' } | { kind: 'confirmSignUp' };

export type SignUpResult = { kind: 'signedUp' } | { kind: 'confirmSignUp'; destination?: string };

export type AuthEvent =
  | { type: 'signedIn' }
  | { type: 'signedOut' }
  | { type: 'tokenRefreshFailed' }
  | { type: 'googleSignInFailed'; message: string };

export interface AuthBackend {
  readonly config: RuntimeConfig;
  /** The signed-in user from the current (refreshed if needed) session, or null. */
  currentUser(): Promise<AuthUser | null>;
  onAuthEvent(listener: (event: AuthEvent) => void): () => void;
  signIn(email: string, password: string): Promise<SignInResult>;
  signUp(input: SignUpInput): Promise<SignUpResult>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<{ destination?: string }>;
  /** Leaves the page for the managed login (Google). */
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  getIdToken(): Promise<string | undefined>;
}

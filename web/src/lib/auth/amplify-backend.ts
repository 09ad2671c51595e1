/**
 * The identity backend on Amplify v6: Cognito in AWS, cognito-local locally (through the gateway). Loaded
 * lazily: it carries Amplify, zod and the config fetch, none of which the first paint needs.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { RuntimeConfigSchema, type RuntimeConfig } from '#shared/runtime-config';
import type { AuthBackend, AuthEvent, AuthUser } from './auth-backend.ts';

const OAUTH_SCOPES = ['openid', 'email', 'profile'];

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
  const parsed = RuntimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`Invalid /config.json: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** The Amplify configuration for one environment; OAuth only where the deployment configures Google. */
export function amplifyConfig(config: RuntimeConfig): Parameters<typeof Amplify.configure>[0] {
  const siteRoot = `${config.siteUrl.replace(/\/+$/, '')}/`;
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.googleSignIn && config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: OAUTH_SCOPES,
                  redirectSignIn: [siteRoot],
                  redirectSignOut: [siteRoot],
                  responseType: 'code' as const,
                  providers: ['Google' as const],
                },
              }
            : {}),
        },
      },
    },
  };
}

let backend: Promise<AuthBackend> | undefined;

/** Fetches /config.json and configures Amplify once per page, however many callers ask. */
export function createAmplifyBackend(): Promise<AuthBackend> {
  backend ??= loadRuntimeConfig().then((config) => {
    Amplify.configure(amplifyConfig(config));
    return amplifyBackend(config);
  });
  backend.catch(() => {
    backend = undefined; // let a later call retry a failed config fetch
  });
  return backend;
}

function amplifyBackend(config: RuntimeConfig): AuthBackend {
  async function idToken() {
    const session = await fetchAuthSession();
    return session.tokens?.idToken;
  }

  return {
    config,

    async currentUser(): Promise<AuthUser | null> {
      try {
        const token = await idToken();
        if (!token) return null;
        const { sub, email } = token.payload;
        return typeof sub === 'string' ? { id: sub, email: typeof email === 'string' ? email : '' } : null;
      } catch (error) {
        // A refresh that fails (revoked or expired refresh token) means the user is signed out.
        console.warn('Could not restore the session', error);
        return null;
      }
    },

    onAuthEvent(listener) {
      return Hub.listen('auth', ({ payload }) => {
        let event: AuthEvent | undefined;
        switch (payload.event) {
          case 'signedIn':
            event = { type: 'signedIn' };
            break;
          case 'signedOut':
            event = { type: 'signedOut' };
            break;
          case 'tokenRefresh_failure':
            event = { type: 'tokenRefreshFailed' };
            break;
          case 'signInWithRedirect_failure':
            event = { type: 'googleSignInFailed', message: payload.data?.error?.message ?? 'Google sign-in did not complete.' };
            break;
        }
        if (event) listener(event);
      });
    },

    async signIn(email, password) {
      // cognito-local implements no SRP, and USER_PASSWORD_AUTH works the same against a real user pool.
      const { nextStep } = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
      if (nextStep.signInStep === 'DONE') return { kind: 'signedIn' };
      if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return { kind: 'confirmSignUp' };
      throw Object.assign(new Error(unsupportedStepMessage(nextStep.signInStep)), { name: 'UnsupportedSignInStep' });
    },

    async signUp({ firstName, lastName, email, password }) {
      const { nextStep } = await signUp({
        username: email,
        password,
        options: { userAttributes: { email, given_name: firstName, family_name: lastName } },
      });
      if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') return { kind: 'confirmSignUp', destination: nextStep.codeDeliveryDetails.destination };
      return { kind: 'signedUp' };
    },

    async confirmSignUp(email, code) {
      await confirmSignUp({ username: email, confirmationCode: code });
    },

    async resendSignUpCode(email) {
      const details = await resendSignUpCode({ username: email });
      return { destination: details.destination };
    },

    async signInWithGoogle() {
      await signInWithRedirect({ provider: 'Google' });
    },

    async signOut() {
      await signOut();
    },

    async getIdToken() {
      return (await idToken())?.toString();
    },
  };
}

function unsupportedStepMessage(step: string): string {
  if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' || step === 'RESET_PASSWORD') {
    return 'This account needs a new password before it can sign in. Please contact support.';
  }
  return `This account needs an extra sign-in step RaceFinder does not support yet (${step}).`;
}

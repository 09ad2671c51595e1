/**
 * Renders the app (or one element) with the real providers and router, but with the auth layer replaced at
 * its module boundary: a plain AuthContext value instead of Amplify, and the /api/me profile seeded into the
 * query cache instead of fetched.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { expect, vi } from 'vitest';
import type { Role } from '../../shared/roles.ts';
import type { RuntimeConfig, SiteContact } from '../../shared/runtime-config.ts';
import type { Profile } from '../../shared/schemas/profile.ts';
import { appRoutes, routerOptions } from '../../web/src/app/routes.tsx';
import { ToastProvider } from '../../web/src/components/toast.tsx';
import { AuthContext, type AuthContextValue } from '../../web/src/lib/auth/auth-context.ts';
import { ViewModeProvider } from '../../web/src/app/navigation/view-mode.tsx';
import { meQueryKey } from '../../web/src/lib/use-me.ts';
import { SYSTEM_STATUS_QUERY_KEY } from '../../web/src/lib/system-status.ts';
import { SITE_CONTACT_QUERY_KEY } from '../../web/src/lib/site-contact.ts';
import type { SystemStatus } from '../../shared/schemas/system-config.ts';

export const LOCAL_CONFIG: RuntimeConfig = {
  environment: 'local',
  region: 'us-east-1',
  userPoolId: 'local_x',
  userPoolClientId: 'x',
  googleSignIn: false,
  siteUrl: 'http://localhost:3000',
};

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signedOut',
    user: null,
    config: LOCAL_CONFIG,
    setupError: null,
    signIn: vi.fn(async () => ({ kind: 'signedIn' as const })),
    signUp: vi.fn(async () => ({ kind: 'signedUp' as const })),
    confirmSignUp: vi.fn(async () => undefined),
    resendSignUpCode: vi.fn(async () => ({})),
    signInWithGoogle: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    // Never settles: a profile that is not seeded stays loading instead of reaching for a server.
    getIdToken: vi.fn(() => new Promise<string | undefined>(() => {})),
    prepare: vi.fn(),
    ...overrides,
  };
}

export function profileFor(role: Role, email = `${role}.demo@example.com`): Profile {
  return { id: `user-${role}`, email, firstName: 'Sam', lastName: 'Rivera', role, createdAt: '2025-01-02T03:04:05.000Z' };
}

/** Auth value and seeded profile of a signed-in user with this role. */
export function signedInAs(role: Role, overrides: Partial<AuthContextValue> = {}) {
  const profile = profileFor(role);
  return { auth: fakeAuth({ status: 'signedIn', user: { id: profile.id, email: profile.email }, ...overrides }), profile };
}

export interface RenderOptions {
  auth?: AuthContextValue;
  /** Seeded as the /api/me response of auth.user; omit to leave the profile loading. */
  profile?: Profile;
  path?: string;
  routes?: RouteObject[];
  /** GET /api/status as the shell's maintenance banner and the sign-up form see it (default: all normal). */
  systemStatus?: SystemStatus;
  /** /config.json's contact details as the footer and the contact page see them (default: none configured). */
  siteContact?: SiteContact;
}

export function renderApp({
  auth = fakeAuth(),
  profile,
  path = '/',
  routes = appRoutes,
  systemStatus = { maintenanceMode: false, registrationEnabled: true },
  siteContact = {},
}: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // Seeded, so pages render without a status request (tests that count requests see only their own).
  queryClient.setQueryData(SYSTEM_STATUS_QUERY_KEY, systemStatus);
  queryClient.setQueryData(SITE_CONTACT_QUERY_KEY, siteContact);
  if (profile && auth.user) queryClient.setQueryData(meQueryKey(auth.user.id), profile);
  const router = createMemoryRouter(routes, { initialEntries: [path], ...routerOptions });
  const result: RenderResult = render(
    <Providers queryClient={queryClient} auth={auth}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient, auth };
}

/**
 * renderApp, resolved once the router has the first page: pages in chunks of their own (route `lazy`) render
 * only after their module loads, as they do in the browser.
 */
export async function renderAppLoaded(options: RenderOptions = {}) {
  const rendered = renderApp(options);
  // Until then the router renders nothing (no HydrateFallback), not even the shell's <main>. A cold import of a
  // page's chunk (the admin area's Cloudscape above all) can take seconds on a busy machine.
  await waitFor(() => expect(rendered.container.querySelector('main')?.childElementCount ?? 0).toBeGreaterThan(0));
  return rendered;
}

function Providers({ queryClient, auth, children }: { queryClient: QueryClient; auth: AuthContextValue; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <ViewModeProvider>{children}</ViewModeProvider>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

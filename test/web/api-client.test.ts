import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { ROUTE_AREAS, ROUTES } from '../../shared/routes/index.ts';
import { createApiClient } from '../../web/src/lib/api.ts';
import { useApi, type AreaLoader, type AreaTable } from '../../web/src/lib/use-api.ts';
import { usersArea } from '../../web/src/lib/api-areas/users.ts';
import { AuthContext } from '../../web/src/lib/auth/auth-context.ts';
import { fakeAuth } from './render-app.tsx';

const PROFILE = {
  id: 'user-1',
  email: 'runner@example.com',
  firstName: 'Sam',
  role: 'athlete',
  createdAt: '2025-01-02T03:04:05.000Z',
};

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A client over a fake fetch; `token: null` means signed out. */
function client(response: Response | (() => Promise<Response>), { token = 'id-token' }: { token?: string | null } = {}) {
  const fetch = vi.fn<typeof globalThis.fetch>(typeof response === 'function' ? response : async () => response);
  return { fetch, request: createApiClient({ getIdToken: async () => token ?? undefined, fetch }) };
}

describe('API client', () => {
  it('calls a user route with the ID token and parses the response', async () => {
    const { fetch, request } = client(jsonResponse(200, PROFILE));
    const me = await request(ROUTES.getMe);
    expect(me.role).toBe('athlete');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/me');
    expect(init).toMatchObject({ method: 'GET', headers: { authorization: 'Bearer id-token' } });
  });

  it('sends no token to a public route', async () => {
    const { fetch, request } = client(jsonResponse(200, { status: 'ok', database: 'reachable', version: '1.2.3' }));
    expect(await request(ROUTES.getHealth)).toEqual({ status: 'ok', database: 'reachable', version: '1.2.3' });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('sends the body of a write as JSON', async () => {
    const { fetch, request } = client(jsonResponse(200, { ...PROFILE, location: 'Denver, CO' }));
    await request(ROUTES.updateMe, { body: { location: 'Denver, CO' } });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"location":"Denver, CO"}');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it("surfaces the server's error message and field errors", async () => {
    const { request } = client(
      jsonResponse(400, { error: { code: 'validation', message: 'Request is invalid', fields: { firstName: ['First name must be at most 50 characters'] } } }),
    );
    const error = await request(ROUTES.updateMe, { body: { firstName: 'x'.repeat(60) } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Request is invalid', fields: { firstName: ['First name must be at most 50 characters'] } });
  });

  it('refuses a user route without a session, before any request', async () => {
    const { fetch, request } = client(jsonResponse(200, PROFILE), { token: null });
    await expect(request(ROUTES.getMe)).rejects.toMatchObject({ status: 401 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects a response that does not match the route schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { request } = client(jsonResponse(200, { ...PROFILE, role: 'owner' }));
    await expect(request(ROUTES.getMe)).rejects.toMatchObject({ status: 200, code: 'bad_response' });
  });

  it('reports an unreachable server as a retryable network error', async () => {
    const { request } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await request(ROUTES.getMe).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, retryable: true });
  });

  it("answers a file route with the file's bytes and the name its download gives it", async () => {
    const bytes = new Uint8Array([14, 16, 0x2e, 0x46, 0x49, 0x54, 0, 255]);
    const { fetch, request } = client(
      new Response(bytes, { status: 200, headers: { 'content-type': 'application/vnd.ant.fit', 'content-disposition': 'attachment; filename="2026-12-01-tempo.fit"' } }),
    );
    const file = await request(ROUTES.getPlanWorkoutFile, { path: { id: '01JDPLANPLANPLANPLANPLANPL', date: '2026-12-01.fit' } });
    expect(file.filename).toBe('2026-12-01-tempo.fit');
    expect([...file.bytes]).toEqual([...bytes]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/me/training-plans/01JDPLANPLANPLANPLANPLANPL/workouts/2026-12-01.fit');
    expect(init).toMatchObject({ headers: { accept: 'application/vnd.ant.fit, application/json' } });
  });

  it('treats 502, 503 and 504 as retryable and other failures as final', () => {
    expect([502, 503, 504].map((status) => new ApiError(status, 'x').retryable)).toEqual([true, true, true]);
    expect([400, 401, 403, 404, 500].map((status) => new ApiError(status, 'x').retryable)).toEqual([false, false, false, false, false]);
  });
});

describe('API areas', () => {
  // One loader module per area, each a single dynamic import: a page's chunk holds only the loaders it uses.
  const loaders = import.meta.glob<Record<string, AreaLoader<AreaTable>>>('../../web/src/lib/api-areas/*.ts', { eager: true });

  it("loads each area's own table, and every area the web may call has a loader", async () => {
    const tables = await Promise.all(Object.values(loaders).flatMap((module) => Object.values(module).map((load) => load())));
    // Areas whose every route is for a webhook (Stripe's) have no caller in the browser.
    const callable = Object.values(ROUTE_AREAS).filter((table) => Object.values(table).some((route) => route.access !== 'webhook'));
    expect(tables).toHaveLength(callable.length);
    expect(new Set(tables)).toEqual(new Set(callable));
  });

  it('calls a route of the area by its id, as the signed-in user', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse(200, PROFILE));
    vi.stubGlobal('fetch', fetch);
    try {
      const auth = fakeAuth({ status: 'signedIn', user: { id: 'user-1', email: PROFILE.email }, getIdToken: async () => 'id-token' });
      const wrapper = ({ children }: { children: ReactNode }) => createElement(AuthContext.Provider, { value: auth }, children);
      const { result } = renderHook(() => useApi(usersArea), { wrapper });
      const me = await result.current('getMe');
      expect(me.email).toBe(PROFILE.email);
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe('/api/me');
      expect(init).toMatchObject({ method: 'GET', headers: { authorization: 'Bearer id-token' } });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/**
 * Calls a route anyone may call, without the signed-in user's token: the client module and the area's table
 * load on first use, as with useApi (./use-api.ts), but nothing here reads the auth state, so the public pages
 * that use it (the blog, /unsubscribe, the footer's sign-up) reach none of the entry's auth modules.
 */
import type { RequestOptions, RouteInput, RouteResponse } from './api.ts';
import type { AreaLoader, AreaTable } from './use-api.ts';

type RouteOf<T extends AreaTable, Id extends keyof T> = T[Id];

export async function callPublicRoute<T extends AreaTable, Id extends keyof T & string>(
  area: AreaLoader<T>,
  id: Id,
  input?: RouteInput<RouteOf<T, Id>>,
  options?: RequestOptions,
): Promise<RouteResponse<RouteOf<T, Id>>> {
  const [{ createApiClient }, table] = await Promise.all([import('./api.ts'), area()]);
  const route = table[id];
  if (!route) throw new Error(`No route ${id} in this area's table`);
  if (route.access !== 'public') throw new Error(`Route ${id} is not public`);
  return createApiClient({ getIdToken: async () => undefined })(route, input, options) as Promise<RouteResponse<RouteOf<T, Id>>>;
}

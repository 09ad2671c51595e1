import { useCallback } from 'react';
import type { AnyRouteDefinition } from '#shared/routes';
import type { RequestOptions, RouteInput, RouteResponse } from './api.ts';
import { useAuth } from './auth/auth-context.ts';

/** One area's table, as shared/routes/<area>.ts lists it. */
export type AreaTable = Readonly<Record<string, AnyRouteDefinition>>;

/**
 * Loads one area's table: one module per area under lib/api-areas/, each a single dynamic import, so the
 * loader (and its list of chunks to preload) sits only in the chunks of pages that call that area.
 */
export type AreaLoader<T extends AreaTable> = () => Promise<T>;

type RouteOf<T extends AreaTable, Id extends keyof T> = T[Id] extends infer R extends AnyRouteDefinition ? R : never;

/** Calls a route of one area by its id, with the route's typed input and response. */
export type AreaRequest<T extends AreaTable> = <Id extends keyof T & string>(
  id: Id,
  input?: RouteInput<RouteOf<T, Id>>,
  options?: RequestOptions,
) => Promise<RouteResponse<RouteOf<T, Id>>>;

/**
 * The API client of one route area for components, authenticated as the signed-in user:
 * `useApi(eventsArea)('searchEvents', { query })`. The client module (zod) and the area's table are imported
 * on first use, so they stay out of the first-load bundle, and a page downloads the schemas of the areas it
 * calls and no other's (the merged index, shared/routes/index.ts, would bring them all).
 */
export function useApi<T extends AreaTable>(area: AreaLoader<T>): AreaRequest<T> {
  const { getIdToken } = useAuth();
  return useCallback(
    async (id: string, input?: RouteInput<AnyRouteDefinition>, options?: RequestOptions) => {
      const [{ createApiClient }, table] = await Promise.all([import('./api.ts'), area()]);
      const route = table[id];
      if (!route) throw new Error(`No route ${id} in this area's table`);
      return createApiClient({ getIdToken })(route, input, options);
    },
    [area, getIdToken],
  ) as AreaRequest<T>;
}

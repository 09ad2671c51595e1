/**
 * What every route entry calls: `export const handler = createHandler(SAVED_ROUTES.saveEvent, async (input) => ...)`.
 * It binds the wrapper (lib/http.ts, which imports no entity module) to the profile entity, which it needs
 * to resolve callers, and to the system configuration, whose maintenance mode stops non-admins' writes.
 * An entry passes the route's own definition from its area file (shared/routes/<area>.ts), so a function
 * bundles that area's schemas and no other's, and the handler is tagged with the route's id.
 */
import type { AnyRouteDefinition } from '#shared/routes/define';
import { wrapRoute, type RouteHandler, type RouteRun, type WrapOptions } from '#lib/http';
import { profileSource } from '#data/caller-profiles';
import { isMaintenanceMode } from '#data/system-config';

export function createHandler<R extends AnyRouteDefinition>(
  route: R,
  run: NoInfer<RouteRun<R>>,
  options: Omit<WrapOptions, 'profiles' | 'maintenanceMode'> = {},
): RouteHandler {
  return wrapRoute(route, run, { profiles: profileSource, maintenanceMode: isMaintenanceMode, ...options });
}

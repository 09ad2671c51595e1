import { matchRoutes, type RouteObject } from 'react-router-dom';
import { routerOptions } from './routes.tsx';

/**
 * Readies the routes of this address before the router is made, so it starts initialized and its first render is
 * the page itself rather than its HydrateFallback: what taking over a server-rendered page needs (take-over.tsx),
 * since a first render of nothing would wipe the server's markup. A page the router would discover later
 * (more-pages.tsx) is patched in now, the way the router would patch it; the lazily loaded routes that match are
 * loaded into their route objects.
 */
export async function readyRoutesOf(routes: RouteObject[], pathname: string): Promise<void> {
  await routerOptions.patchRoutesOnNavigation({
    path: pathname,
    patch(routeId, children) {
      const parent = findRoute(routes, routeId);
      parent?.children?.push(...children);
    },
  });
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

function findRoute(routes: readonly RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const found = route.children ? findRoute(route.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * The servers answer 404 for URLs that are no page of the app (shared/site-pages.ts); this keeps that list and
 * the web router's routes the same, so a new page cannot be a 404 to crawlers and an old one cannot linger.
 */
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '#shared/site-pages';
import { MORE_PAGES } from '../../web/src/app/more-pages.tsx';
import { appRoutes } from '../../web/src/app/routes.tsx';

/** Every page path of a route tree, as full paths; the catch-all 404 route is no page. */
function pagePaths(routes: readonly RouteObject[], parent = ''): string[] {
  const paths: string[] = [];
  for (const route of routes) {
    if (route.path === '*') continue;
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const renders = route.index === true || route.element !== undefined || route.Component !== undefined || route.lazy !== undefined;
    if (route.children?.length) paths.push(...pagePaths(route.children, own));
    else if (renders) paths.push(own || '/');
  }
  return paths;
}

describe('site pages', () => {
  it("lists exactly the web router's pages", () => {
    // The pages the router discovers (more-pages.tsx) hang under the shell; the catch-all is the 404 page.
    const routerPages = [...pagePaths(appRoutes), ...MORE_PAGES.map(({ path }) => `/${path}`)];
    expect(new Set(routerPages).size).toBe(routerPages.length);
    expect([...routerPages].sort()).toEqual([...SITE_PAGES].sort());
  });
});

/**
 * The route table (shared/routes) is the one map from route id to handler module: infra builds each function
 * from `handler`, the local gateway loads the same module. These tests hold the modules to it: each serves
 * the route it is listed under, and nothing under lambdas/ exports a handler that no route or trigger lists.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_IDS } from '#shared/routes';
import { TRIGGERS } from '../../../infra/lambda-triggers.ts';

// The getEvent route (optional sign-in) builds its token verifier when its module loads.
process.env.COGNITO_USER_POOL_ID ??= 'us-east-1_unit';
process.env.COGNITO_CLIENT_ID ??= 'unit-client';

const LAMBDAS = join(dirname(fileURLToPath(import.meta.url)), '../../../lambdas');

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative(LAMBDAS, path).replace(/\.ts$/, '')] : [];
  });
}

const load = (module: string) => import(join(LAMBDAS, `${module}.ts`)) as Promise<Record<string, unknown>>;

describe('handler modules', () => {
  it.each(ROUTE_IDS.map((id) => [id, ROUTES[id].handler] as const))('%s is served by %s, which says so', async (id, module) => {
    const { handler } = await load(module);
    expect(typeof handler).toBe('function');
    expect((handler as { routeId?: unknown }).routeId).toBe(id);
  });

  it('each serve one route', () => {
    const modules = ROUTE_IDS.map((id) => ROUTES[id].handler);
    expect(new Set(modules).size).toBe(modules.length);
  });

  it.each(Object.entries(TRIGGERS).map(([id, trigger]) => [id, trigger.handler] as const))(
    'trigger %s is served by %s, which is no route',
    async (_id, module) => {
      const { handler } = await load(module);
      expect(typeof handler).toBe('function');
      expect((handler as { routeId?: unknown }).routeId).toBeUndefined();
    },
  );

  it('include every module under lambdas/ that exports a handler: each is a listed route or trigger', async () => {
    const listed = new Set<string>([...ROUTE_IDS.map((id) => ROUTES[id].handler), ...Object.values(TRIGGERS).map((trigger) => trigger.handler)]);
    const exporting: string[] = [];
    for (const module of modulesUnder(LAMBDAS)) if ('handler' in (await load(module))) exporting.push(module);
    expect(exporting.length).toBeGreaterThan(0);
    expect(exporting.filter((module) => !listed.has(module))).toEqual([]);
    expect([...listed].filter((module) => !exporting.includes(module))).toEqual([]);
  });
});

import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_IDS, defineRoutes, mergeRouteTables, routeKey } from '#shared/routes';
import { isOpenAccess, type Access } from '#shared/roles';

const entry = (path: `/api/${string}`) =>
  ({ method: 'GET', path, access: 'public', data: 'read', handler: 'x/y', request: {}, response: z.object({}), summary: 's' }) as const;

describe('the route table', () => {
  it('lists each route under its own id', () => {
    for (const id of ROUTE_IDS) expect(ROUTES[id].id).toBe(id);
  });

  it('has one route per method and path', () => {
    const keys = ROUTE_IDS.map((id) => routeKey(ROUTES[id]));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives no route that anyone may call write access to the data, but the analytics beacon its counters, the newsletter its list, the contact form its messages and the one-click unsubscribe the switches its token names', () => {
    const writers = ROUTE_IDS.filter((id) => {
      const access = ROUTES[id].access as Access;
      // A webhook writes what its verified signature vouches for (Stripe marking a promotion paid).
      return access !== 'webhook' && isOpenAccess(access) && ROUTES[id].data !== 'read';
    });
    // IAM limits their writes to their own partitions (infra/data.ts grantPartitionWrites).
    expect(writers.sort()).toEqual(['recordBeacon', 'sendContactMessage', 'subscribeToNewsletter', 'unsubscribe', 'unsubscribeFromNewsletter']);
    expect(ROUTES.recordBeacon.data).toBe('count');
    expect(ROUTES.sendContactMessage.data).toBe('contact');
    expect(ROUTES.subscribeToNewsletter.data).toBe('newsletter');
    expect(ROUTES.unsubscribeFromNewsletter.data).toBe('newsletter');
    expect(ROUTES.unsubscribe.data).toBe('unsubscribe');
  });

  it('refuses an id listed in two areas', () => {
    const first = defineRoutes({ same: entry('/api/one') });
    const second = defineRoutes({ same: entry('/api/two') });
    expect(() => mergeRouteTables(first, second)).toThrow('Route id same is listed twice');
  });

  it('refuses a method and path listed twice', () => {
    const first = defineRoutes({ one: entry('/api/same') });
    const second = defineRoutes({ two: entry('/api/same') });
    expect(() => mergeRouteTables(first, second)).toThrow('GET /api/same is listed twice: one and two');
  });
});

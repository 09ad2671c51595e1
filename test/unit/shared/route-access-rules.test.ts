/**
 * Who may call a route, checked against rules that hold apart from the route table. The authorization matrix
 * (test/integration/authorization-matrix.test.ts) takes each route's expected answer from the table itself,
 * so a route declared at the wrong level there would pass it; these rules read only a route's method and path
 * and name the few exceptions one by one. Each rule is also run on a deliberately wrong copy of a real route,
 * to show it catches what it is for.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_IDS, routeKey, type AnyRouteDefinition } from '#shared/routes';
import { isOpenAccess, type Access } from '#shared/roles';

type Route = Pick<AnyRouteDefinition, 'id' | 'method' | 'path' | 'access'>;
/** A rule answers the routes that break it, as "id: why". */
type Rule = (routes: readonly Route[]) => string[];

const table: readonly Route[] = ROUTE_IDS.map((id) => ROUTES[id]);

/**
 * The only routes anyone may call that change something. Each is bounded another way: the beacon only counts
 * (and its IAM grant reaches only counters), newsletter and contact write their own partitions and are
 * throttled hard, the one-click unsubscribe changes only what its signed token names, Stripe's webhook acts only
 * on what Stripe's signature vouches for, and Strava's only queues ids the worker checks with Strava itself.
 */
const OPEN_WRITES: ReadonlySet<string> = new Set([
  'POST /api/events/{id}/beacon',
  'POST /api/newsletter-subscriptions',
  'POST /api/newsletter-subscriptions/unsubscribe',
  'POST /api/contact-messages',
  'POST /api/unsubscribe',
  'POST /api/stripe/webhook',
  'POST /api/strava/webhook',
]);

/** The routes outside services call: Stripe's events, Strava's subscription handshake and events. */
const WEBHOOKS: ReadonlySet<string> = new Set(['POST /api/stripe/webhook', 'GET /api/strava/webhook', 'POST /api/strava/webhook']);

const under = (route: Route, prefix: string) => route.path === prefix || route.path.startsWith(`${prefix}/`);
const breaking = (routes: readonly Route[], broken: (route: Route) => boolean, why: string) =>
  routes.filter(broken).map((route) => `${route.id} (${routeKey(route)}, ${route.access}): ${why}`);
const atLeast = (levels: readonly Access[]) => (route: Route) => !levels.includes(route.access as Access);

const rules = {
  'every /api/me route needs a signed-in caller': (routes) =>
    breaking(routes, (route) => under(route, '/api/me') && isOpenAccess(route.access as Access), 'is about the caller, so needs sign-in'),
  'every /api/admin route is for admins or super admins': (routes) =>
    breaking(routes, (route) => under(route, '/api/admin') && atLeast(['admin', 'superadmin'])(route), 'must be admin or superadmin'),
  'every /api/organizer route is for organizers or above': (routes) =>
    breaking(routes, (route) => under(route, '/api/organizer') && atLeast(['organizer', 'admin', 'superadmin'])(route), 'must be organizer or above'),
  'the routes anyone may call only read, but the named beacon, newsletter, contact, unsubscribe and webhook routes': (routes) =>
    breaking(
      routes,
      // The route table's methods include no HEAD, so GET is the one read.
      (route) => isOpenAccess(route.access as Access) && route.method !== 'GET' && !OPEN_WRITES.has(routeKey(route)),
      'anyone may call it and it is not a read',
    ),
  'only the named Stripe and Strava webhooks take webhook access': (routes) =>
    breaking(routes, (route) => route.access === 'webhook' && !WEBHOOKS.has(routeKey(route)), 'is no named webhook'),
} satisfies Record<string, Rule>;

/** A real route copied with one thing wrong, as a mistake in an area file would make it. */
const wrong = (id: keyof typeof ROUTES, change: Partial<Route>): Route => ({ ...ROUTES[id], ...change, id: `${id}-wrong` });

/** For each rule, copies that break it. */
const mistakes: Record<keyof typeof rules, Route[]> = {
  'every /api/me route needs a signed-in caller': [wrong('listMyClaims', { access: 'public' }), wrong('listMyClaims', { access: 'optional' })],
  'every /api/admin route is for admins or super admins': [wrong('getAdminHealth', { access: 'organizer' }), wrong('getAdminHealth', { access: 'user' })],
  'every /api/organizer route is for organizers or above': [wrong(organizerRouteId(), { access: 'user' }), wrong(organizerRouteId(), { access: 'public' })],
  'the routes anyone may call only read, but the named beacon, newsletter, contact, unsubscribe and webhook routes': [
    wrong('getEvent', { method: 'DELETE' }),
    wrong('sendContactMessage', { path: '/api/contact-messages/{id}' }),
    wrong('subscribeToNewsletter', { method: 'PUT' }),
  ],
  'only the named Stripe and Strava webhooks take webhook access': [wrong('getStatus', { access: 'webhook', method: 'POST' })],
};

function organizerRouteId(): keyof typeof ROUTES {
  const id = ROUTE_IDS.find((candidate) => under(ROUTES[candidate], '/api/organizer'));
  if (!id) throw new Error('the table has no /api/organizer route to copy');
  return id;
}

describe('who may call a route, by rules apart from the route table', () => {
  for (const [name, rule] of Object.entries(rules) as [keyof typeof rules, Rule][]) {
    describe(name, () => {
      it('holds for every route in the table', () => {
        expect(rule(table)).toEqual([]);
      });

      it('fails for a route that breaks it', () => {
        for (const route of mistakes[name]) expect(rule([...table, route]), route.id).toEqual([expect.stringContaining(route.id)]);
      });
    });
  }

  it('names open writes and webhooks that all exist, so a removed route does not leave its exception behind', () => {
    const keys = new Set(table.map(routeKey));
    expect([...OPEN_WRITES, ...WEBHOOKS].filter((key) => !keys.has(key))).toEqual([]);
  });
});

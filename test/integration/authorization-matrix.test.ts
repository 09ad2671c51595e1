/**
 * Every route of the table x every kind of caller. It grows by itself: a new route is checked the moment
 * it is added to shared/routes.ts. A caller the route does not admit must be turned away (401 without a
 * token, 403 below the role) before the handler looks at the input; a caller it admits must never be.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_IDS, type AnyRoute } from '#shared/routes';
import { isOpenAccess, roleSatisfies, type Role } from '#shared/roles';
import { account, api, idTokenFor } from '../support/local-api.ts';
import { concretePath } from '../support/route-paths.ts';

interface Principal {
  readonly name: string;
  readonly role?: Role;
  readonly label?: string;
}

const PRINCIPALS: readonly Principal[] = [
  { name: 'anonymous' },
  { name: 'athlete', role: 'athlete', label: 'Athlete' },
  { name: 'other athlete', role: 'athlete', label: 'Second athlete' },
  { name: 'organizer', role: 'organizer', label: 'Organizer' },
  { name: 'admin', role: 'admin', label: 'Admin' },
  { name: 'superadmin', role: 'superadmin', label: 'Super admin' },
];

const tokens = new Map<string, string>();

beforeAll(async () => {
  for (const principal of PRINCIPALS) {
    if (!principal.label) continue;
    const { email, password } = account(principal.label);
    tokens.set(principal.name, await idTokenFor(email, password));
  }
});

function expectation(route: AnyRoute, principal: Principal): 'allowed' | 401 | 403 {
  if (isOpenAccess(route.access)) return 'allowed';
  if (!principal.role) return 401;
  return roleSatisfies(principal.role, route.access) ? 'allowed' : 403;
}

describe.each(ROUTE_IDS.map((id) => [id, ROUTES[id]] as const))('%s', (_id, route) => {
  it.each(PRINCIPALS.map((principal) => [principal.name, principal] as const))(
    'answers %s as the route table says',
    async (_name, principal) => {
      const token = tokens.get(principal.name);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const response = await api(route.method, concretePath(route), { token, body });
      const expected = expectation(route, principal);
      if (expected === 'allowed') {
        expect(response.status, JSON.stringify(response.body)).not.toBe(401);
        expect(response.status, JSON.stringify(response.body)).not.toBe(403);
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      } else {
        expect(response.status, JSON.stringify(response.body)).toBe(expected);
      }
    },
  );
});

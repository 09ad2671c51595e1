/**
 * Throws malformed path parameters, query strings and bodies at every route, as a signed-in super admin
 * (so role checks pass and validation is what answers) and anonymously. Nothing may produce a 5xx; a body
 * that is not even a JSON object must be refused with 400 by every route that takes a body.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_IDS, type AnyRouteDefinition, type RouteRequest } from '#shared/routes';
import { account, api, idTokenFor } from '../support/local-api.ts';
import { concretePath } from '../support/route-paths.ts';

let token: string;
beforeAll(async () => {
  const { email, password } = account('Super admin');
  token = await idTokenFor(email, password);
});

const RUNS = 20;
const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('../../etc/passwd', '%00', "' OR 1=1 --", '<script>', 'x'.repeat(2_000), '{}', '[]', 'null', '-1', '1e309'),
);
const notAnObject = fc.oneof(
  fc.constantFrom('{not json', '[', '"unterminated', 'null', '[]', '42', 'true', '"text"', '{"a":'),
  fc.json().filter((text) => {
    const value: unknown = JSON.parse(text);
    return value === null || typeof value !== 'object' || Array.isArray(value);
  }),
);

describe.each(ROUTE_IDS.map((id) => [id, ROUTES[id]] as const))('%s', (_id, route) => {
  it('never answers 5xx to malformed path parameters and query strings', async () => {
    await fc.assert(
      fc.asyncProperty(nastyText, fc.dictionary(nastyText, nastyText, { maxKeys: 4 }), fc.boolean(), async (value, query, signedIn) => {
        const response = await api(route.method, concretePath(route, () => value), {
          token: signedIn ? token : undefined,
          query,
        });
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});

const WRITE_ROUTES = ROUTE_IDS.filter((id) => ROUTES[id].method !== 'GET');

function parsed(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    return undefined;
  }
}

describe.each(WRITE_ROUTES.map((id) => [id, ROUTES[id]] as const))('%s body', (_id, route) => {
  it('never answers 5xx to malformed bodies, and refuses anything but a JSON object with 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(notAnObject, fc.json()), async (rawBody) => {
        const response = await api(route.method, concretePath(route), { token, rawBody });
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
        const value = parsed(rawBody);
        const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
        const takesBody = (route.request as RouteRequest).body !== undefined;
        // A route that takes a file as text (textBody) reads it only for an event the caller may change; the path's
        // event is none, so its answer is that event's 404 (its bad files: test/integration/event-courses.test.ts).
        if ((route as AnyRouteDefinition).textBody) expect(response.status).toBe(404);
        else if (takesBody && !isObject) expect(response.status).toBe(400);
      }),
      { numRuns: RUNS },
    );
  });
});

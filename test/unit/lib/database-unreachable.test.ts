/**
 * With the table unreachable, routes answer 503 with Retry-After and say so, rather than a 500 that reads like
 * a bug. The handlers here are the real ones, their DynamoDB client pointed at a port nothing listens on, so
 * the error is the SDK's own (a refused connection, after its retries), not a mock's imitation of it.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBodySchema } from '#shared/schemas/common';
import { apiEvent } from '../../support/api-event.ts';
import type { RouteHandler } from '#lib/http';

/** A port that was free a moment ago and that nothing listens on now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let getHealth: RouteHandler;
let getEvent: RouteHandler;
let getAdminHealth: RouteHandler;

beforeAll(async () => {
  vi.stubEnv('DYNAMODB_ENDPOINT', `http://127.0.0.1:${await closedPort()}`);
  // GET /api/events/{id} takes an optional token, so its verifier needs a pool at cold start; none is sent.
  vi.stubEnv('COGNITO_CLIENT_ID', 'unit-client');
  vi.stubEnv('COGNITO_USER_POOL_ID', 'us-east-1_unitpool');
  // Imported after the variable is set: the table client is made when lambdas/lib/dynamo.ts loads.
  ({ handler: getHealth } = await import('../../../lambdas/system/get-health.ts'));
  ({ handler: getEvent } = await import('../../../lambdas/events/get-event.ts'));
  ({ handler: getAdminHealth } = await import('../../../lambdas/admin-system/get-admin-health.ts'));
});

async function call(handler: RouteHandler, event = apiEvent()) {
  const result = await handler(event);
  if (typeof result !== 'object') throw new Error('expected a structured result');
  return { status: result.statusCode, headers: result.headers ?? {}, body: ErrorBodySchema.parse(JSON.parse(result.body ?? '{}')) };
}

function expectDatabaseDown(response: Awaited<ReturnType<typeof call>>) {
  expect(response.status).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body.error.code).toBe('database_unavailable');
  expect(response.body.error.message).toMatch(/cannot reach its database/);
}

describe('routes with the database unreachable', () => {
  it('GET /api/health answers 503 with Retry-After and says the database is down', async () => {
    expectDatabaseDown(await call(getHealth));
  });

  it('a public read (GET /api/events/{id}) answers 503 with Retry-After, not 500', async () => {
    expectDatabaseDown(await call(getEvent, apiEvent({ path: '/api/events/01J0000000000000000000000A', pathParameters: { id: '01J0000000000000000000000A' } })));
  });

  it("GET /api/admin/health answers 503 saying the database is down (the admin's role is in the table, so it cannot be checked)", async () => {
    const claims = { sub: 'admin-sub', email: 'admin@racefinder.test', email_verified: 'true', token_use: 'id' };
    expectDatabaseDown(await call(getAdminHealth, apiEvent({ path: '/api/admin/health', claims })));
  });

  it('still answers bad input with 400 before reaching for the table', async () => {
    const response = await call(getEvent, apiEvent({ path: '/api/events/x', pathParameters: { id: '' } }));
    expect(response.status).toBe(400);
  });
});

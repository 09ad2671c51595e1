import { GetCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { RouteDefinition } from '#shared/routes';
import { config } from '#lib/config';
import { ConflictError, NotFoundError } from '#lib/errors';
import { EventNotFoundError, EventWriteConflictError } from '#data/event';
import { createHandler } from '#handler';
import { apiEvent, athleteClaims } from '../../support/api-event.ts';

const dynamo = mockClient(DynamoDBDocumentClient);

const profileItem = (role: string) => ({
  PK: 'USER#sub-athlete',
  SK: 'PROFILE',
  id: 'sub-athlete',
  email: 'athlete@racefinder.test',
  role,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function definition(overrides: Partial<RouteDefinition> = {}): RouteDefinition {
  return {
    id: 'test',
    method: 'POST',
    path: '/api/things/{id}',
    access: 'user',
    data: 'read-write',
    handler: 'test/thing',
    request: {
      path: z.object({ id: z.string().regex(/^\d+$/, 'must be a number') }),
      body: z.strictObject({ name: z.string().min(1, 'Name is required') }),
    },
    response: z.object({ ok: z.boolean() }),
    summary: 'test route',
    ...overrides,
  };
}

async function call(def: RouteDefinition, run: (input: never) => Promise<unknown>, event = apiEvent()) {
  const result = (await createHandler(def, run as never)(event)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, headers: result.headers ?? {}, body: result.body ? JSON.parse(result.body) : undefined };
}

const validEvent = (overrides: Parameters<typeof apiEvent>[0] = {}) =>
  apiEvent({ method: 'POST', pathParameters: { id: '42' }, body: '{"name":"x"}', claims: athleteClaims, ...overrides });

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: profileItem('athlete') });
});

describe('the http wrapper', () => {
  it('returns the domain result as JSON with a private cache policy on authenticated routes', async () => {
    const response = await call(definition(), async () => ({ ok: true }), validEvent());
    expect(response).toMatchObject({ status: 200, body: { ok: true } });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('rejects a body that is not JSON with 400 before running the domain function', async () => {
    const run = vi.fn();
    const response = await call(definition(), run, validEvent({ body: '{not json' }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('The request body is not valid JSON');
    expect(run).not.toHaveBeenCalled();
  });

  it('names each invalid field, including unknown fields on writes', async () => {
    const response = await call(definition(), vi.fn(), validEvent({ pathParameters: { id: 'abc' }, body: '{"name":"","role":"admin"}' }));
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({ 'path.id': ['must be a number'], 'body.name': ['Name is required'] });
    expect(JSON.stringify(response.body.error.fields)).toContain('role');
  });

  it('answers 401 when a protected route has no verified claims', async () => {
    const run = vi.fn();
    const response = await call(definition(), run, validEvent({ claims: {} }));
    expect(response.status).toBe(401);
    expect(run).not.toHaveBeenCalled();
  });

  it('takes the role from the profile, not the token, and answers 403 below the route role', async () => {
    const run = vi.fn();
    const adminRoute = definition({ access: 'admin' });
    const asAthlete = await call(adminRoute, run, validEvent({ claims: { ...athleteClaims, 'custom:role': 'admin' } }));
    expect(asAthlete.status).toBe(403);
    expect(run).not.toHaveBeenCalled();

    dynamo.on(GetCommand).resolves({ Item: profileItem('admin') });
    expect((await call(adminRoute, async () => ({ ok: true }), validEvent())).status).toBe(200);
  });

  it('checks the role before the input, so a caller without the role learns nothing about it', async () => {
    const response = await call(definition({ access: 'admin' }), vi.fn(), validEvent({ body: '{"bogus":true}' }));
    expect(response.status).toBe(403);
  });

  it('creates the profile on the first authenticated call', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});
    const response = await call(definition(), async () => ({ ok: true }), validEvent());
    expect(response.status).toBe(200);
    const write = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input;
    expect(write?.TransactItems?.[0]?.Put?.Item).toMatchObject({ id: 'sub-athlete', role: 'athlete', firstName: 'Ada' });
  });

  it('maps typed domain errors to their status', async () => {
    const response = await call(definition(), async () => {
      throw new ConflictError('Already claimed');
    }, validEvent());
    expect(response).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: 'Already claimed' } } });
  });

  it.each([
    ['an unknown event', () => new EventNotFoundError('01J0000000000000000000000A'), 404, 'not_found'],
    ['an event changed by another write', () => new EventWriteConflictError('01J0000000000000000000000A'), 409, 'conflict'],
    ['anything not found', () => new NotFoundError(), 404, 'not_found'],
  ])('answers %s with its status, not a 500', async (_name, error, status, code) => {
    const response = await call(definition(), async () => {
      throw error();
    }, validEvent());
    expect(response).toMatchObject({ status, body: { error: { code } } });
  });

  it('creates no profile on a route that only reads: the caller gets the profile they would have', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});
    const run = vi.fn(async (_input: unknown) => ({ ok: true }));
    const readRoute = definition({ method: 'GET', data: 'read', request: {} });
    const [ownerEmail] = [...config.superAdminEmails];
    expect(ownerEmail).toBeDefined();
    const owner = { ...athleteClaims, sub: 'sub-owner', email: ownerEmail!.toUpperCase() };
    const response = await call(readRoute, run, apiEvent({ claims: owner }));
    expect(response.status).toBe(200);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    // A configured super-admin address (SUPER_ADMIN_EMAILS) gets the role its first profile will have.
    expect(run.mock.calls[0]?.[0]).toMatchObject({ caller: { sub: 'sub-owner', profile: { id: 'sub-owner', role: 'superadmin', firstName: 'Ada' } } });
  });

  it("tags the handler with the id of the route it serves", () => {
    expect(createHandler(definition({ id: 'someRoute' }), vi.fn()).routeId).toBe('someRoute');
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const response = await call(definition(), async () => {
      throw new Error('secret connection string');
    }, validEvent());
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).not.toContain('secret');
  });

  it('serves public routes without a caller and with their cache policy', async () => {
    const run = vi.fn(async (_input: unknown) => ({ ok: true }));
    const publicRoute = definition({ method: 'GET', access: 'public', request: {}, cacheControl: 'public, max-age=60' });
    const response = await call(publicRoute, run, apiEvent());
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(run.mock.calls[0]?.[0]).toMatchObject({ caller: undefined });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('rejects a body sent to a route that takes none', async () => {
    const noBody = definition({ request: {} });
    expect((await call(noBody, vi.fn(), validEvent({ body: '{"x":1}' }))).status).toBe(400);
  });
});

/**
 * Maintenance mode in the one handler wrapper: a change (a writing route called with anything but GET) by a
 * non-admin is refused with 503 and a clear message before the domain function runs; reads, admins and
 * webhooks go through; and the configuration is read at most once per few seconds per container.
 */
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { RouteDefinition } from '#shared/routes';
import { MAINTENANCE_MESSAGE, SYSTEM_CONFIG_DEFAULTS } from '#shared/schemas/system-config-defaults';
import { maintenanceApplies, wrapRoute } from '#lib/http';
import type { ProfileSource } from '#lib/caller';
import { cachedSystemConfig, isMaintenanceMode, putSystemConfig, SYSTEM_CONFIG_CACHE_MS, SYSTEM_CONFIG_KEY } from '#data/system-config';
import { apiEvent, athleteClaims } from '../../support/api-event.ts';

const dynamo = mockClient(DynamoDBDocumentClient);

function profiles(role: 'athlete' | 'organizer' | 'admin' | 'superadmin'): ProfileSource {
  const profile = { id: 'sub-athlete', email: 'athlete@racefinder.test', role, createdAt: '2026-01-01T00:00:00.000Z' };
  return { find: async () => profile, create: async () => profile, draft: () => profile };
}

function route(overrides: Partial<RouteDefinition> = {}): RouteDefinition {
  return {
    id: 'test',
    method: 'POST',
    path: '/api/things',
    access: 'user',
    data: 'read-write',
    handler: 'test/thing',
    request: { body: z.strictObject({ name: z.string() }) },
    response: z.object({ ok: z.boolean() }),
    summary: 'test route',
    ...overrides,
  };
}

async function call(definition: RouteDefinition, role: Parameters<typeof profiles>[0], maintenance: boolean, method = definition.method) {
  const run = vi.fn(async () => ({ ok: true }));
  const maintenanceMode = vi.fn(async () => maintenance);
  const handler = wrapRoute(definition, run as never, { profiles: profiles(role), maintenanceMode });
  const event = apiEvent({ method, body: definition.request.body ? '{"name":"x"}' : undefined, claims: athleteClaims });
  const result = (await handler(event)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined, run, maintenanceMode };
}

describe('maintenance mode in the wrapper', () => {
  it("refuses a non-admin's write with 503 and the maintenance message, before the domain function runs", async () => {
    for (const role of ['athlete', 'organizer'] as const) {
      const response = await call(route(), role, true);
      expect(response.status).toBe(503);
      expect(response.body.error).toEqual({ code: 'maintenance', message: MAINTENANCE_MESSAGE });
      expect(response.run).not.toHaveBeenCalled();
    }
  });

  it("lets an admin's and a super admin's write through", async () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const response = await call(route(), role, true);
      expect(response.status).toBe(200);
      expect(response.run).toHaveBeenCalledOnce();
      expect(response.maintenanceMode).not.toHaveBeenCalled();
    }
  });

  it('lets reads through without looking the configuration up', async () => {
    const readRoute = await call(route({ method: 'GET', data: 'read', request: {} }), 'athlete', true);
    expect(readRoute.status).toBe(200);
    expect(readRoute.maintenanceMode).not.toHaveBeenCalled();
    // GET /api/me may create a profile, but it is no change the caller asked for.
    const writingGet = await call(route({ method: 'GET', request: {} }), 'athlete', true);
    expect(writingGet.status).toBe(200);
    expect(writingGet.maintenanceMode).not.toHaveBeenCalled();
  });

  it('lets every write through when maintenance mode is off', async () => {
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      const response = await call(route({ method }), 'athlete', false);
      expect(response.status).toBe(200);
      expect(response.maintenanceMode).toHaveBeenCalledOnce();
    }
    const remove = await call(route({ method: 'DELETE', request: {} }), 'athlete', false);
    expect(remove.status).toBe(200);
  });

  it('applies to DELETE too, and never to webhooks', () => {
    const athlete = { sub: 's', email: 'e', profile: { id: 's', email: 'e', role: 'athlete' as const, createdAt: '2026-01-01T00:00:00.000Z' } };
    expect(maintenanceApplies({ data: 'read-write', method: 'DELETE', access: 'user' }, athlete)).toBe(true);
    expect(maintenanceApplies({ data: 'read-write', method: 'POST', access: 'webhook' }, undefined)).toBe(false);
    expect(maintenanceApplies({ data: 'read', method: 'POST', access: 'user' }, athlete)).toBe(false);
  });

  it("stops a visitor's newsletter sign-up but never counts page views", () => {
    expect(maintenanceApplies({ data: 'newsletter', method: 'POST', access: 'public' }, undefined)).toBe(true);
    expect(maintenanceApplies({ data: 'count', method: 'POST', access: 'optional' }, undefined)).toBe(false);
  });

  it('checks the caller before maintenance: a caller below the route role gets 403, not 503', async () => {
    const response = await call(route({ access: 'admin' }), 'athlete', true);
    expect(response.status).toBe(403);
  });
});

describe('the cached system configuration', () => {
  beforeEach(() => {
    dynamo.reset();
    cachedSystemConfig.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('reads the item at most once per cache interval, then again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    dynamo.on(GetCommand, { Key: SYSTEM_CONFIG_KEY }).resolves({ Item: { ...SYSTEM_CONFIG_KEY, maintenanceMode: true } });
    expect(await isMaintenanceMode()).toBe(true);
    expect(await isMaintenanceMode()).toBe(true);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
    vi.advanceTimersByTime(SYSTEM_CONFIG_CACHE_MS);
    dynamo.on(GetCommand, { Key: SYSTEM_CONFIG_KEY }).resolves({ Item: { ...SYSTEM_CONFIG_KEY, maintenanceMode: false } });
    expect(await isMaintenanceMode()).toBe(false);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('uses the defaults of product spec 001 while nothing is stored', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(await cachedSystemConfig.get()).toEqual(SYSTEM_CONFIG_DEFAULTS);
  });

  it('keeps a stored value of the wrong type out, falling back to its default', async () => {
    dynamo.on(GetCommand).resolves({ Item: { ...SYSTEM_CONFIG_KEY, maintenanceMode: 'yes', apiRateLimitPerHour: 500 } });
    expect(await cachedSystemConfig.get()).toMatchObject({ maintenanceMode: false, apiRateLimitPerHour: 500 });
  });

  it('does not stop writes when the configuration cannot be read', async () => {
    dynamo.on(GetCommand).rejects(new Error('throttled'));
    expect(await isMaintenanceMode()).toBe(false);
  });

  it('forgets its copy when this container saves a new configuration', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    expect(await isMaintenanceMode()).toBe(false);
    await putSystemConfig({ ...SYSTEM_CONFIG_DEFAULTS, maintenanceMode: true }, { id: 'sub-1', email: 'owner@racefinder.test' });
    dynamo.on(GetCommand).resolves({ Item: { ...SYSTEM_CONFIG_KEY, maintenanceMode: true } });
    expect(await isMaintenanceMode()).toBe(true);
    const stored = dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(stored).toMatchObject({ ...SYSTEM_CONFIG_KEY, maintenanceMode: true, updatedBy: { id: 'sub-1', email: 'owner@racefinder.test' } });
    expect(typeof stored.updatedAt).toBe('string');
  });
});

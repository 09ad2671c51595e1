/**
 * The admin system routes on the shared stack: health measured now (no-store), the system configuration's
 * roles (admins read, super admins write, with validation), the public status and the overview's shape.
 * Switching maintenance mode or registration would disturb the other files that share this stack, so those
 * run on a stack of their own (own-stack/system-config-enforcement.test.ts); the PUTs here keep both as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOverviewSchema } from '#shared/schemas/admin-overview';
import { SystemConfigSchema, SystemStatusSchema } from '#shared/schemas/system-config';
import { SYSTEM_CONFIG_DEFAULTS } from '#shared/schemas/system-config-defaults';
import { AdminHealthSchema } from '#shared/schemas/system-health';
import { account, api, idTokenFor } from '../support/local-api.ts';

const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const label of ['Athlete', 'Organizer', 'Admin', 'Super admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
});

afterAll(async () => {
  await api('PUT', '/api/admin/system-config', { token: tokens['Super admin'], body: SYSTEM_CONFIG_DEFAULTS });
});

describe('GET /api/admin/health', () => {
  it('measures the database, the user pool and the API now, and is never cached', async () => {
    const response = await api('GET', '/api/admin/health', { token: tokens.Admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const health = AdminHealthSchema.parse(response.body);
    for (const check of [health.database, health.auth, health.api]) {
      expect(check.status).not.toBe('error');
      expect(check.ms).toBeGreaterThanOrEqual(0);
    }
    // The API's own time includes the other two checks, which run side by side.
    expect(health.api.ms).toBeGreaterThanOrEqual(Math.max(health.database.ms, health.auth.ms));
    expect(Date.now() - Date.parse(health.checkedAt)).toBeLessThan(60_000);
  });

  it('is for admins only', async () => {
    expect((await api('GET', '/api/admin/health', { token: tokens.Organizer })).status).toBe(403);
    expect((await api('GET', '/api/admin/health')).status).toBe(401);
  });
});

describe('the system configuration', () => {
  it('shows admins the stored configuration (the defaults before anyone saved it)', async () => {
    const response = await api('GET', '/api/admin/system-config', { token: tokens.Admin });
    expect(response.status).toBe(200);
    const config = SystemConfigSchema.parse(response.body);
    expect(config).toMatchObject({ maintenanceMode: false, registrationEnabled: true });
  });

  it('refuses to show it to athletes and organizers', async () => {
    expect((await api('GET', '/api/admin/system-config', { token: tokens.Athlete })).status).toBe(403);
    expect((await api('GET', '/api/admin/system-config', { token: tokens.Organizer })).status).toBe(403);
  });

  it('lets only super admins change it, recording who and when', async () => {
    const changed = { ...SYSTEM_CONFIG_DEFAULTS, apiRateLimitPerHour: 2500, sessionTimeoutMinutes: 90, emailNotifications: false };
    const byAdmin = await api('PUT', '/api/admin/system-config', { token: tokens.Admin, body: changed });
    expect(byAdmin.status).toBe(403);

    const before = Date.now();
    const saved = await api('PUT', '/api/admin/system-config', { token: tokens['Super admin'], body: changed });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const config = SystemConfigSchema.parse(saved.body);
    expect(config).toMatchObject({ ...changed, updatedBy: { email: account('Super admin').email } });
    expect(Date.parse(config.updatedAt!)).toBeGreaterThanOrEqual(before - 1000);

    const read = SystemConfigSchema.parse((await api('GET', '/api/admin/system-config', { token: tokens.Admin })).body);
    expect(read).toEqual(config);
  });

  it('names every setting that is out of bounds or missing, and saves nothing', async () => {
    const before = (await api('GET', '/api/admin/system-config', { token: tokens.Admin })).body;
    const response = await api('PUT', '/api/admin/system-config', {
      token: tokens['Super admin'],
      body: { ...SYSTEM_CONFIG_DEFAULTS, apiRateLimitPerHour: 5, maxFileSizeMb: 10.5, sessionTimeoutMinutes: undefined, role: 'x' },
    });
    expect(response.status).toBe(400);
    const fields = (response.body as { error: { fields: Record<string, string[]> } }).error.fields;
    expect(fields['body.apiRateLimitPerHour']).toEqual(['API rate limit must be at least 60 requests/hour']);
    expect(fields['body.maxFileSizeMb']).toEqual(['Max file size must be a whole number']);
    expect(fields['body.sessionTimeoutMinutes']).toEqual(['Session timeout must be a number']);
    expect(JSON.stringify(fields)).toContain('role');
    expect((await api('GET', '/api/admin/system-config', { token: tokens.Admin })).body).toEqual(before);
  });
});

describe('GET /api/status', () => {
  it('tells anyone whether maintenance mode is on and sign-up is open, with a short public cache', async () => {
    const response = await api('GET', '/api/status');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
    expect(SystemStatusSchema.parse(response.body)).toEqual({ maintenanceMode: false, registrationEnabled: true });
  });
});

describe('GET /api/admin/overview', () => {
  it('answers admins with figures from counters that count at least the demo accounts', async () => {
    const response = await api('GET', '/api/admin/overview', { token: tokens.Admin });
    expect(response.status).toBe(200);
    const overview = AdminOverviewSchema.parse(response.body);
    expect(overview.users.total).toBeGreaterThanOrEqual(5);
    expect(overview.users.admins).toBeGreaterThanOrEqual(2);
    expect(overview.users.athletes + overview.users.organizers + overview.users.admins).toBe(overview.users.total);
  });

  it('is for admins only', async () => {
    expect((await api('GET', '/api/admin/overview', { token: tokens.Athlete })).status).toBe(403);
  });
});

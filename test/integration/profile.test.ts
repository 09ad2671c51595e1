import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ProfileSchema, type Profile } from '#shared/schemas/profile';
import { db, tableName } from '#lib/dynamo';
import { USER_COUNTERS_KEY, changeRole, profileKey } from '#data/profile';
import { CONFIGURED_SUPER_ADMIN } from '../support/integration-global.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

async function userCounters() {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: USER_COUNTERS_KEY, ConsistentRead: true }));
  return Item as { total: number; athlete?: number; superadmin?: number };
}

async function me(token: string): Promise<Profile> {
  const response = await api('GET', '/api/me', { token });
  expect(response.status).toBe(200);
  return ProfileSchema.parse(response.body);
}

describe('GET /api/health', () => {
  it('reports the database reachable and the version, uncached', async () => {
    const response = await api('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'reachable', version: expect.stringMatching(/\S/) });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/me', () => {
  it("returns the seeded athlete's profile with its role", async () => {
    const { email, password } = account('Athlete');
    const profile = await me(await idTokenFor(email, password));
    expect(profile).toMatchObject({ email, role: 'athlete', firstName: expect.any(String), location: expect.any(String) });
  });

  it('creates the profile on the first call, once, even when calls race', async () => {
    const before = await userCounters();
    const { email, token } = await newUser('first-call');
    const profiles = await Promise.all(Array.from({ length: 5 }, () => me(token)));
    expect(new Set(profiles.map((profile) => profile.createdAt)).size).toBe(1);
    // Names come from the token's given_name/family_name, which cognito-local leaves out of ID tokens;
    // the unit test of the wrapper covers that mapping.
    expect(profiles[0]).toMatchObject({ email, role: 'athlete' });
    const after = await userCounters();
    expect(after.total - before.total).toBe(1);
    expect((after.athlete ?? 0) - (before.athlete ?? 0)).toBe(1);
  });

  it('is not created by a route that only reads (GET /api/events/{id} with a token); GET /api/me creates it', async () => {
    const { email, token } = await newUser('reader');
    const sub = String(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub);
    // An id that names no event: the token is verified and the caller resolved before the 404.
    const response = await api('GET', '/api/events/01J00000000000000000000000', { token });
    expect(response.status).toBe(404);
    const stored = async () => (await db.send(new GetCommand({ TableName: tableName, Key: profileKey(sub), ConsistentRead: true }))).Item;
    expect(await stored()).toBeUndefined();
    expect(await me(token)).toMatchObject({ id: sub, email, role: 'athlete' });
    expect(await stored()).toMatchObject({ id: sub, email });
  });

  it('makes a configured super-admin address a super admin on first sign-in', async () => {
    const { token } = await newUser('owner', CONFIGURED_SUPER_ADMIN);
    expect((await me(token)).role).toBe('superadmin');
  });

  it('takes the role from the profile, so a role change applies without a new token', async () => {
    const { token } = await newUser('promoted');
    const profile = await me(token);
    // Through the data layer, which moves the profile to the organizers' role list too: the list other files read.
    await changeRole(profile.id, 'organizer');
    expect((await me(token)).role).toBe('organizer');
  });
});

describe('PATCH /api/me', () => {
  it('changes names and location and returns the new profile', async () => {
    const { token } = await newUser('patch');
    const response = await api('PATCH', '/api/me', {
      token,
      body: { firstName: '  Grace ', lastName: 'Hopper', location: 'Arlington, VA' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', location: 'Arlington, VA' });
    expect(await me(token)).toMatchObject({ firstName: 'Grace', location: 'Arlington, VA' });
  });

  it('clears a field sent as an empty string', async () => {
    const { token } = await newUser('clear');
    await api('PATCH', '/api/me', { token, body: { location: 'Austin, TX' } });
    const response = await api('PATCH', '/api/me', { token, body: { location: '' } });
    expect(response.status).toBe(200);
    expect((await me(token)).location).toBeUndefined();
  });

  it('refuses fields a user may not set, and writes nothing', async () => {
    const { token } = await newUser('escalate');
    const before = await me(token);
    const response = await api('PATCH', '/api/me', { token, body: { firstName: 'Mallory', role: 'admin' } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('role');
    expect(await me(token)).toEqual(before);
  });

  it('explains each invalid field', async () => {
    const { token } = await newUser('invalid');
    const tooLong = await api('PATCH', '/api/me', { token, body: { firstName: 'x'.repeat(51) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      error: { fields: { 'body.firstName': ['First name must be at most 50 characters'] } },
    });
    const empty = await api('PATCH', '/api/me', { token, body: {} });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Send at least one of firstName, lastName, location');
  });
});

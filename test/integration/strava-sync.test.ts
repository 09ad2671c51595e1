/**
 * Strava sync (issue 25) through the local stack: the routes, the Strava stand-in speaking Strava's wire format (its
 * authorize form, token exchange, API, event delivery to the gateway's webhook), the sync queue on the SQS stand-in
 * and its worker, and the entries in DynamoDB Local. The tests run in order on one connected athlete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StravaConnectAnswerSchema, StravaConnectionSchema, type StravaConnection } from '#shared/schemas/strava';
import { TrainingLogSchema, TrainingLogsPageSchema, type TrainingLog } from '#shared/schemas/training-log';
import { getItem, queryAll } from '../../lambdas/lib/kit/table.ts';
import { api, localStack, newPerson, type Person } from '../support/local-api.ts';

/** The stand-in's control API (not Strava's): athletes, their activities, limits. */
async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const { url, clientSecret } = localStack().strava;
  const response = await fetch(new URL(path, url), {
    method,
    headers: { authorization: `Bearer ${clientSecret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function newActivity(athleteId: number, fields: Record<string, unknown>): Promise<string> {
  const created = await control('POST', `/_local/athletes/${athleteId}/activities`, fields);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return String((created.body as { id: number }).id);
}

/** The browser's part: Connect, the authorize page's form as that athlete, and the return page's POST. */
async function connect(person: Person, athlete: number | 'new'): Promise<StravaConnection> {
  const started = await api('POST', '/api/me/strava/connect', { token: person.token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const authorize = new URL(StravaConnectAnswerSchema.parse(started.body).authorizeUrl);
  expect(authorize.origin).toBe(localStack().strava.url);
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: 'code', scope: 'activity:read_all', redirect_uri: `${localStack().url}/strava/connected` });
  const page = await fetch(authorize);
  expect(await page.text()).toContain('Authorize RaceFinder to connect to Strava');
  const form = new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), athlete: String(athlete), athlete_name: 'Second Runner', accept_activity_read_all: '1' });
  const approved = await fetch(new URL('/oauth/authorize', authorize), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location')!);
  expect(back.pathname).toBe('/strava/connected');
  const finished = await api('POST', '/api/me/strava/callback', {
    token: person.token,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state'), scope: back.searchParams.get('scope') },
  });
  expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  return StravaConnectionSchema.parse(finished.body);
}

async function connection(person: Person): Promise<StravaConnection> {
  const response = await api('GET', '/api/me/strava', { token: person.token });
  expect(response.status).toBe(200);
  return StravaConnectionSchema.parse(response.body);
}

async function journal(person: Person): Promise<TrainingLog[]> {
  const response = await api('GET', '/api/me/training-logs', { token: person.token });
  expect(response.status).toBe(200);
  return TrainingLogsPageSchema.parse(response.body).items;
}

const entryOf = async (person: Person, activityId: string) => (await journal(person)).find((log) => log.recording?.stravaActivityId === activityId);

/**
 * Connects with tokens that last one second and waits them out: the stored access token has expired, which Strava
 * refuses to deauthorize with. Tokens issued after it last as long as the file's others.
 */
async function connectWithExpiredToken(person: Person): Promise<StravaConnection> {
  await control('PUT', '/_local/settings', { tokenLifetimeSeconds: 1 });
  const connected = await connect(person, 'new');
  await control('PUT', '/_local/settings', { tokenLifetimeSeconds: 250 });
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  return connected;
}

const athleteOf = (connected: StravaConnection) => (connected as Extract<StravaConnection, { connected: true }>).athleteId;

/** Whether the stand-in's athlete still has RaceFinder authorized. */
async function authorized(athleteId: string): Promise<boolean | undefined> {
  const athletes = (await control('GET', '/_local/athletes')).body as { id: number; authorized: boolean }[];
  return athletes.find((athlete) => String(athlete.id) === athleteId)?.authorized;
}

async function requestsOf(): Promise<{ method: string; path: string; status: number }[]> {
  return ((await control('GET', '/_local/requests')).body as { requests: { method: string; path: string; status: number }[] }).requests;
}

let person: Person;
let athleteId: number;
let recentRun: string;

beforeAll(async () => {
  person = await newPerson('strava');
  athleteId = ((await control('POST', '/_local/athletes', { firstname: 'Rita', lastname: 'Ridge' })).body as { id: number }).id;
  // Shorter than the worker's refresh margin: every call the worker makes refreshes the tokens first.
  await control('PUT', '/_local/settings', { tokenLifetimeSeconds: 250 });
  recentRun = await newActivity(athleteId, { name: 'Tempo Tuesday', start_date: daysAgo(20), distance: 8000, moving_time: 2400 });
  await newActivity(athleteId, { name: 'Long Ride', sport_type: 'GravelRide', start_date: daysAgo(10), distance: 40_000, moving_time: 5400, private: true });
  // Outside the 90 days the backfill reads.
  await newActivity(athleteId, { name: 'Winter Base', start_date: daysAgo(120) });
});

afterAll(async () => {
  await control('PUT', '/_local/settings', { tokenLifetimeSeconds: 6 * 3600, usage15: 0 });
});

describe('Strava sync through the local stand-in', () => {
  it('refuses a handshake with another verify token', async () => {
    const response = await api('GET', '/api/strava/webhook', { query: { 'hub.mode': 'subscribe', 'hub.challenge': 'abc', 'hub.verify_token': 'not-ours' } });
    expect(response.status).toBe(403);
  });

  it('connects through the token exchange, keeps the tokens encrypted, and backfills the last 90 days', async () => {
    const connected = await connect(person, athleteId);
    expect(connected).toMatchObject({ connected: true, athleteId: String(athleteId), athleteName: 'Rita Ridge' });

    await expect.poll(() => connection(person)).toMatchObject({ backfill: { status: 'done', imported: 2 } });
    const entries = await journal(person);
    expect(entries.map((entry) => [entry.activityType, entry.recording?.name, entry.recording?.source])).toEqual([
      ['cycling', 'Long Ride', 'strava'],
      ['running', 'Tempo Tuesday', 'strava'],
    ]);
    const run = entries[1]!;
    expect(run.distanceKm).toBe(8);
    expect(run.recording!.splits.km).toHaveLength(8);
    expect(run.recording!.avgHeartRate).toBe(150);

    const stored = await getItem({ PK: `USER#${person.sub}`, SK: 'STRAVA' });
    expect(String(stored?.tokens)).toMatch(/^t1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(stored)).not.toMatch(/accessToken|refreshToken|access_token/);
    expect(JSON.stringify((await api('GET', '/api/me/strava', { token: person.token })).body)).not.toContain(String(stored?.tokens));
    // The tokens' lifetime is under the worker's margin: it refreshed them, and went on with the new pair.
    expect((await requestsOf()).filter((request) => request.path === '/oauth/token#refresh_token' && request.status === 200).length).toBeGreaterThan(0);
  });

  it('brings a created activity in, updates it when it changes on Strava, and removes it with its markers when deleted', async () => {
    const id = await newActivity(athleteId, { name: 'Lunch Run', start_date: daysAgo(1), distance: 5000, moving_time: 1500 });
    await expect.poll(async () => (await entryOf(person, id))?.recording?.name).toBe('Lunch Run');
    const created = (await entryOf(person, id))!;

    await control('PUT', `/_local/athletes/${athleteId}/activities/${id}`, { name: 'Lunch Run with strides', sport_type: 'TrailRun' });
    await expect.poll(async () => (await entryOf(person, id))?.recording?.name).toBe('Lunch Run with strides');
    const updated = (await entryOf(person, id))!;
    expect(updated.id).toBe(created.id);
    expect((await journal(person)).filter((log) => log.recording?.stravaActivityId === id)).toHaveLength(1);
    expect(TrainingLogSchema.parse((await api('GET', `/api/me/training-logs/${updated.id}`, { token: person.token })).body).recording!.route!.length).toBeGreaterThan(1);

    await control('DELETE', `/_local/athletes/${athleteId}/activities/${id}`);
    await expect.poll(async () => (await entryOf(person, id)) === undefined).toBe(true);
    const markers = await queryAll({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :log)', ExpressionAttributeValues: { ':pk': `USER#${person.sub}`, ':log': 'LOG' } });
    expect(markers.map((item) => String(item.SK)).filter((sk) => sk.includes(id) || sk.includes(created.id) || sk === `LOGSTART#${created.recording!.startedAt}`)).toEqual([]);
  });

  it('keeps an entry when a delete event comes for an activity Strava still has (events are not signed)', async () => {
    const forged = { object_type: 'activity', object_id: Number(recentRun), aspect_type: 'delete', owner_id: athleteId, subscription_id: 1, event_time: Math.floor(Date.now() / 1000) };
    const before = (await requestsOf()).length;
    expect((await api('POST', '/api/strava/webhook', { body: forged })).status).toBe(200);
    // The worker asked Strava about the activity, which answered with it.
    await expect.poll(async () => (await requestsOf()).slice(before).some((request) => request.path === `/api/v3/activities/${recentRun}` && request.status === 200)).toBe(true);
    expect(await entryOf(person, recentRun)).toBeDefined();
  });

  it('waits out a 429 and applies the event after, losing nothing', async () => {
    const before = (await requestsOf()).length;
    await control('PUT', '/_local/settings', { limit15: 200, usage15: 200 });
    const id = await newActivity(athleteId, { name: 'Rate Limited Run', start_date: daysAgo(2) });
    await expect.poll(async () => (await requestsOf()).slice(before).filter((request) => request.status === 429).length).toBeGreaterThan(0);
    expect(await entryOf(person, id)).toBeUndefined();
    await control('PUT', '/_local/settings', { usage15: 0 });
    await expect.poll(async () => (await entryOf(person, id))?.recording?.name).toBe('Rate Limited Run');
  });

  it("deletes the tokens on Strava's deauthorization event, the entries staying", async () => {
    await control('POST', `/_local/athletes/${athleteId}/deauthorize`);
    await expect.poll(async () => (await connection(person)).connected).toBe(false);
    expect(await getItem({ PK: `USER#${person.sub}`, SK: 'STRAVA' })).toBeUndefined();
    expect(await getItem({ PK: `STRAVA#ATHLETE#${athleteId}`, SK: 'STRAVA#ATHLETE' })).toBeUndefined();
    expect(await entryOf(person, recentRun)).toBeDefined();
  });

  it('disconnects: deauthorizes at Strava, with a refreshed token once the stored one has expired, and deletes the tokens', async () => {
    const other = await newPerson('strava-disconnect');
    const connected = await connectWithExpiredToken(other);
    expect(connected).toMatchObject({ connected: true, athleteName: 'Second Runner' });
    const before = (await requestsOf()).length;
    expect((await api('DELETE', '/api/me/strava', { token: other.token })).status).toBe(204);
    expect((await requestsOf()).slice(before)).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/oauth/token#refresh_token', status: 200 },
        { method: 'POST', path: '/oauth/deauthorize', status: 200 },
      ]),
    );
    expect(await connection(other)).toEqual({ connected: false, available: true });
    expect(await authorized(athleteOf(connected))).toBe(false);
  });
  it('takes RaceFinder off Strava when a connected person deletes their account, with an expired token refreshed first', async () => {
    const leaving = await newPerson('strava-leaving');
    const athlete = athleteOf(await connectWithExpiredToken(leaving));
    expect(await authorized(athlete)).toBe(true);
    expect((await api('DELETE', '/api/me', { token: leaving.token, body: { email: leaving.email, writing: 'keep' } })).status).toBe(202);
    await expect.poll(() => authorized(athlete)).toBe(false);
    expect(await getItem({ PK: `USER#${leaving.sub}`, SK: 'STRAVA' })).toBeUndefined();
    expect(await getItem({ PK: `STRAVA#ATHLETE#${athlete}`, SK: 'STRAVA#ATHLETE' })).toBeUndefined();
  });
});

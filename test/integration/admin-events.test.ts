/**
 * The admin events routes on the real local stack: the list (every event, newest first, spec 001's filters,
 * pages of 20 with cursors and totals), PATCH (flags, fields, adminEditedFields, the public index following
 * verification), bulk actions with per-event outcomes, delete (index items gone), and flush's guards. Each
 * test writes events whose titles carry a word of its own, so the text filter isolates them from the rest.
 */
import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminBulkResultSchema, AdminEventsPageSchema, type AdminEventsPage } from '#shared/schemas/admin-events';
import { EventSchema, type RaceEvent } from '#shared/schemas/event';
import { EventSearchPageSchema } from '#shared/schemas/search';
import { db, tableName } from '#lib/dynamo';
import { createEvent, getEvent } from '#data/event';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor } from '../support/local-api.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const label of ['Admin', 'Super admin', 'Athlete']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
});

/** A word no other test writes: letters only, so it is one normalized word. */
const marker = () => `zq${randomBytes(6).toString('hex').replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;

let clock = Date.parse('2026-06-01T00:00:00.000Z');
/** Events created one second apart, so newest-first order is known. */
async function seed(word: string, overrides: Partial<RaceEvent>[]): Promise<RaceEvent[]> {
  const events: RaceEvent[] = [];
  for (const [index, fields] of overrides.entries()) {
    clock += 1000;
    const at = new Date(clock).toISOString();
    events.push(
      await createEvent(testRaceEvent({ title: `${word} Harbor Run ${index + 1}`, eventDate: '2099-05-01', createdAt: at, updatedAt: at, ...fields })),
    );
  }
  return events;
}

async function list(query: Record<string, string>, token = tokens.Admin!): Promise<AdminEventsPage> {
  const response = await api('GET', '/api/admin/events', { token, query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return AdminEventsPageSchema.parse(response.body);
}

const titles = (page: AdminEventsPage) => page.items.map((row) => row.title);

/**
 * Every row of a query, following the cursors: a page's read work is bounded, so when other tests' newer
 * events share the partition that drives it, the rows can arrive over several (even empty) pages.
 */
async function listAll(query: Record<string, string>): Promise<AdminEventsPage['items']> {
  const rows: AdminEventsPage['items'] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages += 1) {
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
    expect(page.offset).toBe(rows.length);
    rows.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('more than 50 pages');
}

describe('GET /api/admin/events', () => {
  it('lists every event of a text query newest first, unverified ones too, with the row fields', async () => {
    const word = marker();
    const [a, b, c] = await seed(word, [
      { state: 'WY', registrationFee: 40, maxParticipants: 300 },
      { state: 'CO', verified: false, featured: true, reviewFlag: 'possible-duplicate', source: 'runsignup' },
      { state: 'CO', eventType: 'trail_race', eventDate: '2099-08-01' },
    ]);
    const page = await list({ q: word.slice(0, 8) });
    expect(page.items.map((row) => row.id)).toEqual([c!.id, b!.id, a!.id]);
    expect(page.items[2]).toMatchObject({ title: a!.title, city: 'Laramie', state: 'WY', registrationFee: 40, maxParticipants: 300, verified: true, featured: false, source: 'manual' });
    expect(page.items[1]).toMatchObject({ verified: false, featured: true, reviewFlag: 'possible-duplicate', source: 'runsignup' });
    expect(page).toMatchObject({ offset: 0, total: 3, totalExact: true, complete: true });
    expect(page.nextCursor).toBeUndefined();
  });

  it('filters by verification, featured, review flag, state, type and event date, alone and combined', async () => {
    const word = marker();
    const [a, b, c] = await seed(word, [
      { state: 'WY' },
      { state: 'CO', verified: false, featured: true, reviewFlag: 'cancelled' },
      { state: 'CO', eventType: 'trail_race', eventDate: '2099-08-01' },
    ]);
    const ids = async (query: Record<string, string>) => (await listAll({ q: word, ...query })).map((row) => row.id);
    expect(await ids({ verified: 'false' })).toEqual([b!.id]);
    expect(await ids({ verified: 'true' })).toEqual([c!.id, a!.id]);
    expect(await ids({ featured: 'true' })).toEqual([b!.id]);
    expect(await ids({ featured: 'false' })).toEqual([c!.id, a!.id]);
    expect(await ids({ needsReview: 'true' })).toEqual([b!.id]);
    expect(await ids({ state: 'co' })).toEqual([c!.id, b!.id]);
    expect(await ids({ type: 'trail_race' })).toEqual([c!.id]);
    expect(await ids({ from: '2099-06-01' })).toEqual([c!.id]);
    expect(await ids({ to: '2099-05-01' })).toEqual([b!.id, a!.id]);
    expect(await ids({ state: 'CO', verified: 'true', from: '2099-01-01', to: '2099-12-31' })).toEqual([c!.id]);
    // Without text the same filters read their own partitions: the new events are the newest there.
    const review = await list({ needsReview: 'true' });
    expect(review.items.map((row) => row.id)).toContain(b!.id);
    expect(review.totalExact).toBe(true);
  });

  it('pages by 20 with a cursor, counting the rows shown, and the last page knows the total', async () => {
    const word = marker();
    const events = await seed(word, Array.from({ length: 23 }, () => ({})));
    const first = await list({ q: word });
    expect(first.items).toHaveLength(20);
    expect(first).toMatchObject({ offset: 0, complete: false, totalExact: false, total: 20 });
    const second = await list({ q: word, cursor: first.nextCursor! });
    expect(second).toMatchObject({ offset: 20, complete: true, totalExact: true, total: 23 });
    expect([...titles(first), ...titles(second)]).toEqual(events.map((event) => event.title).reverse());
    // A cursor belongs to its filters.
    const other = await api('GET', '/api/admin/events', { token: tokens.Admin, query: { q: word, state: 'CO', cursor: first.nextCursor! } });
    expect(other.status).toBe(400);
  });

  it('gives exact totals from the counters for no filter and single filters', async () => {
    const all = await list({});
    expect(all.totalExact).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(all.items.length);
    const state = await list({ state: 'WY' });
    expect(state.totalExact).toBe(true);
    expect(state.items.every((row) => row.state === 'WY')).toBe(true);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const response = await api('GET', '/api/admin/events', { token: tokens.Admin, query: { verified: 'maybe', from: '2099-02-01', to: '2099-01-01' } });
    expect(response.status).toBe(400);
    expect(Object.keys((response.body as { error: { fields: object } }).error.fields)).toEqual(expect.arrayContaining(['query.verified']));
  });

  it('is for admins only', async () => {
    expect((await api('GET', '/api/admin/events', { token: tokens.Athlete })).status).toBe(403);
    expect((await api('GET', '/api/admin/events')).status).toBe(401);
  });
});

describe('PATCH /api/admin/events/{id}', () => {
  it('verifies an event, which public search then finds', async () => {
    const word = marker();
    const [event] = await seed(word, [{ verified: false }]);
    const search = async () => EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { q: word } })).body).items.map((item) => item.id);
    expect(await search()).toEqual([]);
    const response = await api('PATCH', `/api/admin/events/${event!.id}`, { token: tokens.Admin, body: { verified: true } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(EventSchema.parse(response.body)).toMatchObject({ id: event!.id, verified: true });
    expect(await search()).toEqual([event!.id]);
    expect((await listAll({ q: word, verified: 'true' })).map((row) => row.id)).toEqual([event!.id]);
  });

  it('edits fields, records them as admin-edited, clears fields sent as null and moves the text index', async () => {
    const word = marker();
    const other = marker();
    const [event] = await seed(word, [{ registrationFee: 30, reviewFlag: 'removed-from-source' }]);
    const response = await api('PATCH', `/api/admin/events/${event!.id}`, {
      token: tokens.Admin,
      body: { title: `${other} Harbor Run`, registrationFee: null, maxParticipants: 250, reviewFlag: null },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const stored = await getEvent(event!.id);
    expect(stored).toMatchObject({ title: `${other} Harbor Run`, maxParticipants: 250, adminEditedFields: ['maxParticipants', 'registrationFee', 'title'] });
    expect(stored).not.toHaveProperty('registrationFee');
    expect(stored).not.toHaveProperty('reviewFlag');
    expect((await list({ q: word })).items).toEqual([]);
    expect((await list({ q: other })).items.map((row) => row.id)).toEqual([event!.id]);
  });

  it('refuses unknown fields and bad values with 400, an unknown event with 404', async () => {
    const bad = await api('PATCH', `/api/admin/events/${UNKNOWN_ID}`, { token: tokens.Admin, body: { organizerId: 'x', registrationFee: -1 } });
    expect(bad.status).toBe(400);
    const empty = await api('PATCH', `/api/admin/events/${UNKNOWN_ID}`, { token: tokens.Admin, body: {} });
    expect(empty.status).toBe(400);
    const missing = await api('PATCH', `/api/admin/events/${UNKNOWN_ID}`, { token: tokens.Admin, body: { verified: true } });
    expect(missing.status).toBe(404);
  });
});

describe('POST /api/admin/events/bulk', () => {
  it('features events and says what happened to each', async () => {
    const word = marker();
    const [a, b, c] = await seed(word, [{}, {}, { featured: true }]);
    const response = await api('POST', '/api/admin/events/bulk', { token: tokens.Admin, body: { ids: [a!.id, b!.id, c!.id, UNKNOWN_ID], action: 'feature' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = AdminBulkResultSchema.parse(response.body);
    expect(result).toMatchObject({ updated: 2, message: 'Updated 2 events' });
    expect(result.results).toEqual([
      { id: a!.id, outcome: 'updated' },
      { id: b!.id, outcome: 'updated' },
      { id: c!.id, outcome: 'unchanged' },
      { id: UNKNOWN_ID, outcome: 'not-found' },
    ]);
    expect(await listAll({ q: word, featured: 'true' })).toHaveLength(3);
  });

  it('deletes in bulk and refuses more than 100 ids or an unknown action', async () => {
    const word = marker();
    const [a, b] = await seed(word, [{}, {}]);
    const result = AdminBulkResultSchema.parse((await api('POST', '/api/admin/events/bulk', { token: tokens.Admin, body: { ids: [a!.id, b!.id], action: 'delete' } })).body);
    expect(result.results.map((item) => item.outcome)).toEqual(['deleted', 'deleted']);
    expect((await list({ q: word })).items).toEqual([]);
    const many = Array.from({ length: 101 }, () => UNKNOWN_ID);
    expect((await api('POST', '/api/admin/events/bulk', { token: tokens.Admin, body: { ids: many, action: 'verify' } })).status).toBe(400);
    expect((await api('POST', '/api/admin/events/bulk', { token: tokens.Admin, body: { ids: [a!.id], action: 'archive' } })).status).toBe(400);
  });
});

describe('DELETE /api/admin/events/{id}', () => {
  it('deletes the event and every admin index item of it', async () => {
    const word = marker();
    const [event] = await seed(word, [{ reviewFlag: 'cancelled' }]);
    const response = await api('DELETE', `/api/admin/events/${event!.id}`, { token: tokens.Admin });
    expect(response.status).toBe(204);
    expect(await getEvent(event!.id)).toBeUndefined();
    const { Items = [] } = await db.send(
      new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `EVENT#${event!.id}` }, ConsistentRead: true }),
    );
    expect(Items).toEqual([]);
    const { Items: postings = [] } = await db.send(
      new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `ADMIN#T#${word.slice(0, 3)}` }, ConsistentRead: true }),
    );
    expect(postings.filter((item) => item.id === event!.id)).toEqual([]);
    expect((await api('DELETE', `/api/admin/events/${event!.id}`, { token: tokens.Admin })).status).toBe(404);
  });
});

describe('POST /api/admin/events/flush', () => {
  it('is for super admins only, and only with the typed phrase', async () => {
    expect((await api('POST', '/api/admin/events/flush', { token: tokens.Admin, body: { confirmation: 'DELETE ALL EVENTS' } })).status).toBe(403);
    const wrong = await api('POST', '/api/admin/events/flush', { token: tokens['Super admin'], body: { confirmation: 'delete all events' } });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Type DELETE ALL EVENTS to confirm');
  });
});

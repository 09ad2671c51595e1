/**
 * Import jobs and the upsert against DynamoDB Local: POST /api/admin/import-jobs with pasted JSON (events
 * land in public search when auto-verified, a second identical import writes nothing, a changed race is
 * updated in place, admin edits survive, a race listed by another source is not listed twice, missing
 * fields import nothing), the source lock (409), cancelled races marked and flagged, vanished ones flagged, and the job list
 * newest first with a cursor. Admins only.
 */
import { randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ImportJobSchema, ImportJobsPageSchema, type ImportJob } from '#shared/schemas/import-job';
import { EventSearchPageSchema, type EventSummary } from '#shared/schemas/search';
import { db, tableName } from '#lib/dynamo';
import { createEvent, getEvent, updateEvent } from '#data/event';
import { createImportJob, finishImportJob, getImportJob, ImportAlreadyRunningError, importLockKey, recordImportPage } from '#data/import-job';
import type { ImportedEvent } from '#imports/imported-event';
import { lookupKey } from '#imports/source-lookup';
import { flagEventsMissingFromSource, upsertImportedEvents } from '#imports/upsert-imported-events';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor } from '../support/local-api.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
const IMPORTS = '/api/admin/import-jobs';

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const label of ['Athlete', 'Organizer', 'Admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
});

/** A pasted event in spec 001's shape, its title carrying a marker only this test uses. */
const pasted = (marker: string, overrides: Record<string, unknown> = {}) => ({
  title: `${marker} Harbor Half Marathon`,
  event_date: '2099-06-14',
  event_type: 'road_race',
  location_name: 'Seaport Park',
  city: 'Portland',
  state: 'ME',
  description: 'Along the water.',
  ...overrides,
});

async function importJson(events: unknown[], autoVerify = true) {
  return api('POST', IMPORTS, { token: tokens.Admin, body: { source: 'json', events, autoVerify } });
}

async function importedJob(events: unknown[], autoVerify = true): Promise<ImportJob> {
  const response = await importJson(events, autoVerify);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return ImportJobSchema.parse(response.body);
}

async function search(q: string): Promise<EventSummary[]> {
  const response = await api('GET', '/api/events', { query: { q } });
  expect(response.status).toBe(200);
  return EventSearchPageSchema.parse(response.body).items;
}

async function storedLookup(source: string, sourceId: string) {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: lookupKey(source, sourceId), ConsistentRead: true }));
  return Item;
}

/** Counts the write requests this process sends to DynamoDB while `work` runs (items and lookups alike). */
async function countWrites<T>(work: () => Promise<T>): Promise<{ result: T; writes: string[] }> {
  const writes: string[] = [];
  const name = `count-writes-${ulid()}`;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (/Put|Update|Delete|Transact|BatchWrite/.test(String(context.commandName))) writes.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await work(), writes };
  } finally {
    db.middlewareStack.remove(name);
  }
}

const imported = (marker: string, overrides: Partial<ImportedEvent> = {}): ImportedEvent => ({
  title: `${marker} Notch Trail Race`,
  eventDate: '2098-09-19',
  eventType: 'trail_race',
  terrainType: 'trail',
  locationName: 'Notch Trailhead',
  city: 'Stowe',
  state: 'VT',
  country: 'US',
  distances: ['25K'],
  tags: [],
  source: 'runsignup',
  sourceId: `rs-${marker}`,
  registrationFee: 55,
  ...overrides,
});

describe('JSON import', () => {
  it('creates the events, findable in public search when auto-verified, and returns the finished job', async () => {
    const marker = `qi${letters(6)}`;
    const job = await importedJob([pasted(marker), pasted(marker, { title: `${marker} Lighthouse 5K`, event_date: '2099-07-04' })]);
    expect(job).toMatchObject({ source: 'json', status: 'completed', expected: 2, options: { events: 2, autoVerify: true } });
    expect(job.counts).toMatchObject({ fetched: 2, created: 2, updated: 0, unchanged: 0, errors: 0 });
    expect(job.finishedAt).toBeDefined();
    const found = await search(marker);
    expect(found.map((event) => event.title).sort()).toEqual([`${marker} Harbor Half Marathon`, `${marker} Lighthouse 5K`]);
    expect(found.every((event) => event.verified)).toBe(true);
    expect((await api('GET', `${IMPORTS}/${job.id}`, { token: tokens.Admin })).body).toEqual(job);
  });

  it('keeps events out of public search when not auto-verified', async () => {
    const marker = `qi${letters(6)}`;
    const job = await importedJob([pasted(marker)], false);
    expect(job.counts.created).toBe(1);
    expect(await search(marker)).toEqual([]);
  });

  it('writes nothing the second time the same events are imported', async () => {
    const marker = `qi${letters(6)}`;
    await importedJob([pasted(marker)]);
    const [event] = await search(marker);
    const before = await getEvent(event!.id);
    const again = await importedJob([pasted(marker)]);
    expect(again.counts).toMatchObject({ fetched: 1, created: 0, updated: 0, unchanged: 1 });
    expect(await getEvent(event!.id)).toEqual(before);
    expect(await search(marker)).toHaveLength(1);
  });

  it('updates a changed race in place', async () => {
    const marker = `qi${letters(6)}`;
    await importedJob([pasted(marker)]);
    const [first] = await search(marker);
    const job = await importedJob([pasted(marker, { description: 'Along the water, now with a lobster roll at the finish.' })]);
    expect(job.counts).toMatchObject({ created: 0, updated: 1 });
    const [after, ...rest] = await search(marker);
    expect(rest).toEqual([]);
    expect(after!.id).toBe(first!.id);
    expect((await getEvent(first!.id))?.description).toBe('Along the water, now with a lobster roll at the finish.');
  });

  it('answers 400 naming how many events miss required fields, and imports none of them', async () => {
    const marker = `qi${letters(6)}`;
    const { city: _city, ...noCity } = pasted(marker, { title: `${marker} No City Run` });
    const { title: _title, ...noTitle } = pasted(marker);
    const latestBefore = ImportJobsPageSchema.parse((await api('GET', IMPORTS, { token: tokens.Admin, query: { limit: '1' } })).body).items[0];
    const response = await importJson([pasted(marker), noCity, noTitle]);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'bad_request', message: '2 events have missing required fields' } });
    expect(await search(marker)).toEqual([]);
    const latestAfter = ImportJobsPageSchema.parse((await api('GET', IMPORTS, { token: tokens.Admin, query: { limit: '1' } })).body).items[0];
    expect(latestAfter?.id).toBe(latestBefore?.id);
  });

  it("answers spec 001's messages for an empty paste and for data that is not a list", async () => {
    const empty = await importJson([]);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Please enter JSON data to import');
    const notList = await api('POST', IMPORTS, { token: tokens.Admin, body: { source: 'json', events: { title: 'x' } } });
    expect(notList.status).toBe(400);
    expect(JSON.stringify(notList.body)).toContain('Data must be an array of events');
  });
});

describe('imports and edits by admins', () => {
  it('leaves the fields an admin edited as the admin set them', async () => {
    const marker = `qi${letters(6)}`;
    await importedJob([pasted(marker)]);
    const [event] = await search(marker);
    await updateEvent(event!.id, { description: 'Edited by an admin.', adminEditedFields: ['description'] });
    const job = await importedJob([pasted(marker, { description: 'The source says otherwise.', location_name: 'Eastern Promenade' })]);
    expect(job.counts.updated).toBe(1);
    const after = await getEvent(event!.id);
    expect(after).toMatchObject({ description: 'Edited by an admin.', locationName: 'Eastern Promenade', verified: true });
  });

  it('does not list twice a race another source already lists, and flags it when they disagree', async () => {
    const marker = `qi${letters(6)}`;
    const listed = await createEvent(
      testRaceEvent({ title: `${marker} Harbor Half Marathon`, eventDate: '2099-06-14', city: 'Portland', state: 'ME', eventType: 'trail_race', source: 'manual' }),
    );
    const job = await importedJob([pasted(marker, { title: `The 3rd Annual ${marker} Harbor Half Marathon` })]);
    expect(job.counts).toMatchObject({ created: 0, flagged: 1 });
    const found = await search(marker);
    expect(found.map((event) => event.id)).toEqual([listed.id]);
    expect((await getEvent(listed.id))?.reviewFlag).toBe('possible-duplicate');
    // The next import of the same paste finds its link and writes nothing.
    const again = await importedJob([pasted(marker, { title: `The 3rd Annual ${marker} Harbor Half Marathon` })]);
    expect(again.counts).toMatchObject({ created: 0, unchanged: 1, flagged: 0 });
  });
});

describe('the upsert', () => {
  const jobId = () => ulid();

  it('writes no item at all for races that did not change', async () => {
    const marker = `qu${letters(6)}`;
    const races = [imported(marker), imported(marker, { sourceId: `rs-${marker}-2`, title: `${marker} Ridge Run`, distances: ['10K'] })];
    const first = await upsertImportedEvents(races, { autoVerify: true, jobId: jobId() });
    expect(first).toMatchObject({ created: 2, errors: [] });
    const { result, writes } = await countWrites(() => upsertImportedEvents(races, { autoVerify: true, jobId: jobId() }));
    expect(result).toEqual({ created: 0, updated: 0, unchanged: 2, flagged: 0, skipped: {}, errors: [] });
    expect(writes).toEqual([]);
  });

  it('makes one event of a race repeated across pages of one run', async () => {
    const marker = `qu${letters(6)}`;
    const run = jobId();
    expect(await upsertImportedEvents([imported(marker)], { autoVerify: true, jobId: run })).toMatchObject({ created: 1 });
    const second = await upsertImportedEvents([imported(marker, { registrationFee: 60 }), imported(marker)], { autoVerify: true, jobId: run });
    expect(second).toMatchObject({ created: 0, updated: 0, skipped: { 'duplicate-in-run': 2 } });
    expect(await search(marker)).toHaveLength(1);
  });

  it('counts a page read again (its task retried after a timeout) as its first attempt did, writing nothing', async () => {
    const marker = `qu${letters(6)}`;
    const run = jobId();
    const races = [imported(marker), imported(marker, { sourceId: `rs-${marker}-2`, title: `${marker} Ridge Run`, distances: ['10K'] })];
    const first = await upsertImportedEvents(races, { autoVerify: true, jobId: run, page: 1 });
    expect(first).toMatchObject({ created: 2, errors: [] });
    const { result, writes } = await countWrites(() => upsertImportedEvents(races, { autoVerify: true, jobId: run, page: 1 }));
    expect(result).toEqual({ created: 2, updated: 0, unchanged: 0, flagged: 0, skipped: {}, errors: [] });
    expect(writes).toEqual([]);
    // The same races on a later page of the run are repeats.
    expect(await upsertImportedEvents(races, { autoVerify: true, jobId: run, page: 2 })).toMatchObject({ created: 0, skipped: { 'duplicate-in-run': 2 } });
    expect(await search(marker)).toHaveLength(2);
  });

  it('marks a race that turns cancelled on its card, keeps it listed and flags it for an admin', async () => {
    const marker = `qu${letters(6)}`;
    await upsertImportedEvents([imported(marker)], { autoVerify: true, jobId: jobId() });
    const [event] = await search(marker);
    expect(event).toBeDefined();
    expect(event).not.toHaveProperty('status');
    const result = await upsertImportedEvents([imported(marker, { cancelled: true })], { autoVerify: true, jobId: jobId() });
    expect(result).toMatchObject({ flagged: 1 });
    expect(await search(marker)).toEqual([expect.objectContaining({ id: event!.id, status: 'cancelled' })]);
    expect(await getEvent(event!.id)).toMatchObject({ reviewFlag: 'cancelled', status: 'cancelled', verified: true });
    expect((await storedLookup('runsignup', `rs-${marker}`))?.cancelled).toBe(true);
  });

  it("flags 'removed-from-source' the source's races a full sync no longer saw, and only those", async () => {
    const marker = `qu${letters(6)}`;
    const date = `2097-0${1 + randomInt(9)}-${String(10 + randomInt(18))}`;
    const kept = imported(marker, { eventDate: date, state: 'ND', city: 'Fargo' });
    const gone = imported(marker, { eventDate: date, state: 'ND', city: 'Fargo', sourceId: `rs-${marker}-gone`, title: `${marker} Prairie Dash` });
    await upsertImportedEvents([kept, gone], { autoVerify: true, jobId: ulid() });
    // A full sync that sees only one of the two.
    const full = await createImportJob({
      source: 'json',
      options: { from: date, to: date, state: 'ND', limit: 100, autoVerify: true, mode: 'full' },
      startedBy: 'test',
      expected: 1,
    });
    try {
      const { result, writes } = await countWrites(() => upsertImportedEvents([kept], { autoVerify: true, jobId: full.id, fullSync: true }));
      expect(result.unchanged).toBe(1);
      expect(writes).toEqual(['PutItemCommand']); // the page's one 'races seen' item, not one write per race
      expect(await flagEventsMissingFromSource({ source: 'runsignup', jobId: full.id, state: 'ND', from: date, to: date })).toBe(1);
    } finally {
      await finishImportJob(full.id);
    }
    const events = await search(marker);
    const byTitle = new Map(events.map((event) => [event.title, event.id]));
    expect((await getEvent(byTitle.get(gone.title)!))?.reviewFlag).toBe('removed-from-source');
    expect((await getEvent(byTitle.get(kept.title)!))?.reviewFlag).toBeUndefined();
    // Seen again later: the flag goes.
    expect(await upsertImportedEvents([gone], { autoVerify: true, jobId: ulid() })).toMatchObject({ updated: 1 });
    expect((await getEvent(byTitle.get(gone.title)!))?.reviewFlag).toBeUndefined();
  });
});

describe('the source lock', () => {
  const held: string[] = [];
  afterEach(async () => {
    for (const id of held.splice(0)) await finishImportJob(id);
  });

  it('refuses a second job of the same source while one runs (409), and allows one after it finishes', async () => {
    const running = await createImportJob({ source: 'json', options: { events: 1, autoVerify: false }, startedBy: 'test', expected: 1 });
    held.push(running.id);
    await expect(createImportJob({ source: 'json', options: { events: 1, autoVerify: false }, startedBy: 'test', expected: 1 })).rejects.toBeInstanceOf(
      ImportAlreadyRunningError,
    );
    const response = await importJson([pasted(`qi${letters(6)}`)]);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: { code: 'conflict', message: 'An import from JSON is already running. Wait for it to finish.' } });

    const finished = await finishImportJob(running.id);
    expect(finished.status).toBe('completed');
    const { Item: lock } = await db.send(new GetCommand({ TableName: tableName, Key: importLockKey('json'), ConsistentRead: true }));
    expect(lock).toBeUndefined();
    expect((await importJson([pasted(`qi${letters(6)}`)])).status).toBe(202);
  });

  it('lets a new job take over the lock of a run that crashed hours ago', async () => {
    const crashed = await createImportJob({
      source: 'json',
      options: { events: 1, autoVerify: false },
      startedBy: 'test',
      expected: 1,
      now: new Date(Date.now() - 3 * 60 * 60 * 1000),
    });
    const next = await createImportJob({ source: 'json', options: { events: 1, autoVerify: false }, startedBy: 'test', expected: 1 });
    held.push(next.id);
    // The crashed job finishing late does not release the new job's lock.
    await finishImportJob(crashed.id, { failure: 'The run stopped' });
    const { Item: lock } = await db.send(new GetCommand({ TableName: tableName, Key: importLockKey('json'), ConsistentRead: true }));
    expect(lock?.jobId).toBe(next.id);
  });

  it('records pages once, keeps at most 50 errors and counts them all, and finishes once', async () => {
    const job = await createImportJob({ source: 'json', options: { events: 120, autoVerify: false }, startedBy: 'test', expected: 120 });
    held.push(job.id);
    const errors = Array.from({ length: 30 }, (_, index) => ({ sourceId: String(index), message: 'not valid' }));
    await recordImportPage(job.id, { counts: { fetched: 60, created: 20, skipped: { past: 10 } }, errors, page: 0 });
    await recordImportPage(job.id, { counts: { fetched: 60, created: 20, skipped: { past: 10 } }, errors, page: 0 });
    await recordImportPage(job.id, { counts: { fetched: 60, updated: 5, skipped: { 'not-us': 2 } }, errors, page: 1 });
    const recorded = await getImportJob(job.id);
    expect(recorded?.counts).toMatchObject({ fetched: 120, created: 20, updated: 5, errors: 60, skipped: { past: 10, 'not-us': 2 } });
    expect(recorded?.errors).toHaveLength(50);
    const finished = await finishImportJob(job.id);
    expect(finished.status).toBe('completed-with-errors');
    expect(await finishImportJob(job.id, { failure: 'late retry' })).toEqual(finished);
  });
});

describe('GET /api/admin/import-jobs', () => {
  it('lists jobs newest first, page by page with a cursor', async () => {
    const created: string[] = [];
    for (let index = 0; index < 3; index += 1) created.push((await importedJob([pasted(`qi${letters(6)}`)])).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await api('GET', IMPORTS, { token: tokens.Admin, query: { limit: '2', ...(cursor ? { cursor } : {}) } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const page = ImportJobsPageSchema.parse(response.body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((job) => job.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && !created.every((id) => seen.includes(id)) && pages < 200);
    const mine = seen.filter((id) => created.includes(id));
    expect(mine).toEqual([...created].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('answers 400 to a cursor that is not one of ours', async () => {
    const response = await api('GET', IMPORTS, { token: tokens.Admin, query: { cursor: Buffer.from('USER#x').toString('base64url') } });
    expect(response.status).toBe(400);
  });

  it('answers 404 for an unknown job', async () => {
    const response = await api('GET', `${IMPORTS}/${UNKNOWN_ID}`, { token: tokens.Admin });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Import job not found' } });
  });

  it('is for admins only', async () => {
    for (const label of ['Athlete', 'Organizer']) {
      expect((await api('GET', IMPORTS, { token: tokens[label] })).status).toBe(403);
      expect((await api('GET', `${IMPORTS}/${UNKNOWN_ID}`, { token: tokens[label] })).status).toBe(403);
      expect((await api('POST', IMPORTS, { token: tokens[label], body: { source: 'json', events: [pasted('x')] } })).status).toBe(403);
    }
    expect((await api('GET', IMPORTS)).status).toBe(401);
  });
});

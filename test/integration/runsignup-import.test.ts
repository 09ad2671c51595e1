/**
 * A full local RunSignup import: the synthesized state machine run by aws-local-stepfunctions, its Task states
 * calling the real task handlers, against the RunSignup stand-in serving fixture races, into DynamoDB Local.
 * Small pages (RUNSIGNUP_PAGE_SIZE) so a run walks many of them, two at a time.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { AWKWARD_RACES, fixtureRaces } from '../../infra/local/runsignup/fixture-races.ts';
import { startRunSignupStandIn, type RunSignupStandIn } from '../../infra/local/runsignup/stand-in.ts';
import { importStateMachineDefinition } from '../../infra/local/step-functions/import-definition.ts';
import { loadImportTaskHandlers, runImportStateMachine, type ImportTaskHandlers } from '../../infra/local/step-functions/import-runner.ts';
import { installWriteMeter, type WriteMeter } from '../support/write-meter.ts';
import { account, api, idTokenFor } from '../support/local-api.ts';
import { ImportJobSchema, type RunSignupImportOptions } from '#shared/schemas/import-job';
import type * as JobStore from '#data/import-job';
import type * as EventStore from '#data/event';
import type * as SourceLookups from '#imports/source-lookup';
import type * as Normalize from '#imports/runsignup/normalize-race';
import type * as Client from '#imports/runsignup/client';
import type * as Dynamo from '#lib/dynamo';
import { adminIndexKeysOf } from '#data/admin-event-index';
import { postingKeysOf } from '#data/search-index';

const PAGE_SIZE = 10;
const today = todayInNewYork();
const options: RunSignupImportOptions = { from: today, to: addDays(today, 400), limit: 1000, autoVerify: true, mode: 'full' };

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Fixture races with ids moved by `offset`, so two sets never share a source id. */
function racesWithIds(count: number, seed: number, offset: number): unknown[] {
  return fixtureRaces({ count, today, seed }).map((item) => {
    const race = (item as { race: Record<string, unknown> }).race;
    return { race: { ...race, race_id: Number(race.race_id) + offset } };
  });
}

interface Expected {
  readonly sourceIds: string[];
  /** Races the source says are cancelled: flagged for review, never newly listed. */
  readonly cancelled: number;
  readonly fetched: number;
  readonly skipped: Record<string, number>;
  readonly invalid: number;
}

let standIn: RunSignupStandIn;
let firstRun: Expected;
let handlers: ImportTaskHandlers;
let meter: WriteMeter;
// Loaded after the environment is set (handler modules read it once, at first import).
let store: typeof JobStore;
let lookups: typeof SourceLookups;
let events: typeof EventStore;
let normalize: typeof Normalize;
let client: typeof Client;
let dynamo: typeof Dynamo;
let INDEX_QUEUE_PK: string;

beforeAll(async () => {
  standIn = await startRunSignupStandIn({ races: [] });
  // Read by the task handlers at their first import, like a Lambda cold start.
  process.env.RUNSIGNUP_API_URL = standIn.url;
  process.env.RUNSIGNUP_ALLOWED_HOSTS = '127.0.0.1';
  process.env.RUNSIGNUP_PAGE_SIZE = String(PAGE_SIZE);
  importStateMachineDefinition();
  handlers = await loadImportTaskHandlers();
  [store, lookups, events, normalize, client] = await Promise.all([
    import('#data/import-job'),
    import('#imports/source-lookup'),
    import('#data/event'),
    import('#imports/runsignup/normalize-race'),
    import('#imports/runsignup/client'),
  ]);
  dynamo = await import('#lib/dynamo');
  ({ INDEX_QUEUE_PK } = await import('#data/index-queue'));
  meter = installWriteMeter(dynamo.db);
});
afterAll(async () => {
  meter?.remove();
  await standIn?.stop();
});

/** Serves `races` from a fresh stand-in, with faults; the handlers keep the URL they read, so the port is reused. */
async function serve(races: unknown[], faults: Record<number, 'status-500' | 'bad-json' | 'status-429-once'> = {}): Promise<void> {
  const port = Number(new URL(standIn.url).port);
  await standIn.stop();
  standIn = await startRunSignupStandIn({ races, faults, port });
}

/** What the run should make of the races the window selects, page by page, read through the real client. */
async function expectedOf(): Promise<Expected> {
  const sourceIds = new Set<string>();
  const skipped: Record<string, number> = {};
  let fetched = 0;
  let invalid = 0;
  let cancelled = 0;
  for (let page = 1; ; page += 1) {
    const { races } = await client.fetchRacesPage({ baseUrl: standIn.url, page, resultsPerPage: PAGE_SIZE, options, allowedHosts: ['127.0.0.1'] });
    if (races.length === 0) break;
    fetched += races.length;
    for (const entry of races) {
      const result = normalize.normalizeRunSignupRace(entry, { today });
      if ('event' in result) {
        sourceIds.add(result.event.sourceId);
        if (result.event.cancelled) cancelled += 1;
      } else {
        skipped[result.skipped] = (skipped[result.skipped] ?? 0) + 1;
        if (result.skipped === 'invalid') invalid += 1;
      }
    }
  }
  return { sourceIds: [...sourceIds], cancelled, fetched, skipped, invalid };
}

/** Creates a job, waiting while a run another test started through the API holds the source's lock. */
async function createJob(jobOptions = options): ReturnType<typeof JobStore.createImportJob> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await store.createImportJob({ source: 'runsignup', options: jobOptions, startedBy: 'integration-test', expected: jobOptions.limit });
    } catch (error) {
      if (!(error instanceof store.ImportAlreadyRunningError) || attempt >= 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function runJob(jobOptions = options): ReturnType<typeof JobStore.getImportJob> {
  const job = await createJob(jobOptions);
  const execution = await runImportStateMachine({ jobId: job.id }, { handlers, retryIntervalMs: 1 });
  await execution.result;
  return store.getImportJob(job.id);
}

async function storedEvents(sourceIds: readonly string[]) {
  const found = await lookups.getLookups('runsignup', sourceIds);
  const byId = await events.getEventsById([...found.values()].map((lookup) => lookup.eventId));
  return { lookups: found, events: byId };
}

describe('a local RunSignup import through the state machine', () => {
  it('imports every page of a window into events, with the counts on the job', async () => {
    await serve(racesWithIds(45, 81, 0));
    const expected = await expectedOf();
    firstRun = expected;
    expect(expected.sourceIds.length).toBeGreaterThan(20);
    meter.reset();
    const asked = new Map(standIn.requests);

    const job = (await runJob())!;
    expect(job.status).toBe(expected.invalid > 0 ? 'completed-with-errors' : 'completed');
    expect(job.counts.fetched).toBe(expected.fetched);
    // Every race that normalizes is one new event; cancelled ones are flagged for review instead of listed.
    expect(job.counts.created + job.counts.flagged).toBe(expected.sourceIds.length);
    expect(job.counts.flagged).toBe(expected.cancelled);
    expect(job.counts.updated).toBe(0);
    expect(job.counts.skipped).toEqual(expect.objectContaining(expected.skipped));
    expect(job.startedAt).toBeDefined();
    expect(job.finishedAt).toBeDefined();
    // Each page read once (the stand-in counts requests per page), up to the first short one and its batch.
    const firstShort = Math.floor(expected.fetched / PAGE_SIZE) + 1;
    const lastRead = firstShort + (firstShort % 2);
    const readByRun = [...standIn.requests]
      .map(([page, count]): [number, number] => [page, count - (asked.get(page) ?? 0)])
      .filter(([, count]) => count > 0);
    expect(readByRun.map(([page]) => page).sort((a, b) => a - b)).toEqual(Array.from({ length: lastRead }, (_, index) => index + 1));
    expect(readByRun.every(([, count]) => count === 1)).toBe(true);

    const stored = await storedEvents(expected.sourceIds);
    expect(stored.lookups.size).toBe(expected.sourceIds.length);
    expect(stored.events.size).toBe(expected.sourceIds.length);
    for (const event of stored.events.values()) expect(event.eventDate >= today).toBe(true);
    expect([...stored.events.values()].filter((event) => event.verified)).toHaveLength(job.counts.created);
    expect(meter.items.catalogue).toBeGreaterThan(0);
  });

  it('re-importing the same races writes no catalogue item and counts them unchanged', async () => {
    const expected = await expectedOf();
    meter.reset();
    const job = (await runJob())!;
    expect(job.counts.created).toBe(0);
    expect(job.counts.updated).toBe(0);
    expect(job.counts.unchanged).toBe(expected.sourceIds.length);
    expect(meter.items.catalogue).toBe(0);
    expect(meter.capacityUnits.catalogue).toBe(0);
  });

  it('records a page that answers 500 every time on the job and imports the other pages', async () => {
    // Generated races only: the awkward cases of the first run would match its events across source ids.
    const races = racesWithIds(65, 82, 7_000_000).slice(AWKWARD_RACES.length);
    await serve(races);
    const all = await expectedOf();
    await serve(races, { 2: 'status-500' });
    meter.reset();

    const job = (await runJob())!;
    expect(job.status).toBe('completed-with-errors');
    expect(job.errors).toEqual(expect.arrayContaining([expect.objectContaining({ page: 2, message: expect.stringContaining('HTTP 500') })]));
    // The page was asked for, retried inside the task, and then given up.
    expect(standIn.requests.get(2)).toBeGreaterThan(1);
    expect(standIn.requests.get(3)).toBe(1);

    // Everything but page 2's races is in; none of page 2's is, not even in part.
    await serve(races);
    const page2 = await client.fetchRacesPage({ baseUrl: standIn.url, page: 2, resultsPerPage: PAGE_SIZE, options, allowedHosts: ['127.0.0.1'] });
    const page2Ids = new Set(page2.races.map((entry) => String((entry as { race: { race_id: number } }).race.race_id)));
    const imported = all.sourceIds.filter((id) => !page2Ids.has(id));
    expect(job.counts.created + job.counts.flagged).toBe(imported.length);
    expect(job.counts.fetched).toBe(all.fetched - page2.races.length);
    const stored = await storedEvents(all.sourceIds);
    expect([...stored.lookups.keys()].sort()).toEqual(imported.sort());
    expect(stored.events.size).toBe(imported.length);
    // A full sync that lost a page flags nothing as missing from the source: the first run's events, which
    // this run did not see, keep their state.
    const earlier = await storedEvents(firstRun.sourceIds);
    expect(earlier.events.size).toBeGreaterThan(0);
    expect([...earlier.events.values()].filter((event) => event.reviewFlag === 'removed-from-source')).toEqual([]);
  });

  it("finishes with its last task the postings a page could not write after creating its events", async () => {
    const races = racesWithIds(45, 83, 8_000_000).slice(AWKWARD_RACES.length);
    await serve(races);
    const all = await expectedOf();
    // The first two posting batches of the run fail: a page's events are created but not yet searchable.
    let failures = 0;
    const name = 'fail-first-posting-batches';
    const { db, tableName } = dynamo;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'BatchWriteItemCommand' && failures < 2) {
          failures += 1;
          throw Object.assign(new Error('injected: the batch did not arrive'), { name: 'InternalServerError' });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    let job;
    try {
      // A quick sync: a full one would flag the earlier runs' events, crowding the review queue other files read.
      job = (await runJob({ ...options, mode: 'quick' }))!;
    } finally {
      db.middlewareStack.remove(name);
    }
    expect(failures).toBe(2);
    // (Generated races only, none cancelled: every one is a new event.)
    expect(job.counts.created).toBe(all.sourceIds.length);

    const stored = await storedEvents(all.sourceIds);
    expect(stored.events.size).toBe(all.sourceIds.length);
    for (const event of stored.events.values()) {
      const item = await db.send(new GetCommand({ TableName: tableName, Key: { PK: `EVENT#${event.id}`, SK: 'EVENT' }, ConsistentRead: true }));
      expect(item.Item?.indexPending).toBeUndefined();
      for (const key of [...postingKeysOf(event), ...adminIndexKeysOf(event)]) {
        const posting = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
        expect(posting.Item, `${key.PK} ${key.SK}`).toBeDefined();
      }
    }
    const queued = await db.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': INDEX_QUEUE_PK }, ConsistentRead: true }));
    const ours = new Set([...stored.events.keys()]);
    expect((queued.Items ?? []).filter((item) => (item.eventIds as string[]).some((id) => ours.has(id)))).toEqual([]);
  });
});

describe('an import an admin starts through the API', () => {
  it("runs on the local stack's Step Functions against its RunSignup stand-in and ends with counts", async () => {
    const admin = account('Admin');
    const token = await idTokenFor(admin.email, admin.password);
    const body = { source: 'runsignup', options: { from: today, to: addDays(today, 400), limit: 500, autoVerify: false, mode: 'quick' } };
    let started = await api('POST', '/api/admin/import-jobs', { token, body });
    // Another test's run may hold the source's lock for a moment.
    for (let attempt = 0; started.status === 409 && attempt < 60; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      started = await api('POST', '/api/admin/import-jobs', { token, body });
    }
    expect(started.status).toBe(202);
    const { id } = ImportJobSchema.parse(started.body);

    let job = ImportJobSchema.parse(started.body);
    for (let attempt = 0; !['completed', 'completed-with-errors', 'failed'].includes(job.status) && attempt < 120; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      job = ImportJobSchema.parse((await api('GET', `/api/admin/import-jobs/${id}`, { token })).body);
    }
    expect(['completed', 'completed-with-errors']).toContain(job.status);
    expect(job.counts.fetched).toBeGreaterThan(0);
    expect(job.counts.created + job.counts.unchanged + job.counts.updated + job.counts.flagged).toBeGreaterThan(0);
  });
});

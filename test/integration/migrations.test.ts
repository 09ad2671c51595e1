/**
 * Data migrations against DynamoDB Local (lambdas/migrations): the runner takes them in order a step at a time,
 * keeps each one's record, resumes a run that died where it stopped without counting a step twice, and lets two
 * runners share the work; and the real migrations bring items stored under older layouts up to this code's.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import { db, tableName } from '#lib/dynamo';
import { createEvent, getEvent, reindexEvents, updateEvent } from '#data/event';
import { adminIndexKeysOf } from '#data/admin-event-index';
import { createOrganization, fromOrganizationItem, getOrganizationItem, indexOrganizationName } from '#data/organization';
import { listMigrationRecords } from '#data/migration-record';
import { MigrationsStatusSchema } from '#shared/schemas/migration';
import {
  FEATURED_PARTITION,
  isPricePartition,
  isStateKindPartition,
  PRICE_PARTITION,
  repricePartition,
  searchPostingKind,
  statePricePartition,
  typePricePartition,
  nearOrderPartition,
  postingKeysOf,
  RATED_PARTITION,
  registrationClosesPartition,
  SEARCH_INDEX_VERSION,
  stateKindPartition,
} from '#data/search-index';
import { markCancelled } from '../../lambdas/migrations/mark-cancelled.ts';
import { MIGRATIONS } from '../../lambdas/migrations/index.ts';
import type { Migration } from '../../lambdas/migrations/migration.ts';
import { baselineMigrations, runMigrationStep, runMigrations } from '../../lambdas/migrations/runner.ts';
import { migrationsNamed, runStepsFor } from '../../lambdas/migrations/run-steps.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';
import { addFootprints, footprintPages } from '#data/person-footprint';
import { addDays, todayInNewYork } from '#shared/dates';
import type { TrainingLog } from '#shared/schemas/training-log';
import { TrainingLoadSchema } from '#shared/schemas/training-load';
import { workoutLoadTenths } from '#shared/training/training-load';
import { countUncountedLoads } from '#data/training-log';

const run = randomUUID().slice(0, 8);
const testIds: string[] = [];

/** A migration over `total` numbered items, `size` a step, counting what each step changed; `failAt` throws once. */
function counting(name: string, total: number, size: number, options: { failAt?: number } = {}) {
  const id = `9${name}-${run}`;
  testIds.push(id);
  const calls: (string | undefined)[] = [];
  let failed = false;
  const migration: Migration = {
    id,
    summary: `Test migration ${name}`,
    async step(cursor) {
      calls.push(cursor);
      const from = cursor ? Number(cursor) : 0;
      if (options.failAt === from && !failed) {
        failed = true;
        throw new Error(`Step at ${from} failed`);
      }
      const to = Math.min(total, from + size);
      return { changed: to - from, ...(to < total ? { cursor: String(to) } : {}) };
    },
  };
  return { migration, calls };
}

/** The keys of an event's state-kind postings (layout 9), as `PK|SK`: what bringing it from an older layout also puts. */
const stateKindKeysOf = (event: Parameters<typeof postingKeysOf>[0]) =>
  postingKeysOf(event)
    .filter((key) => isStateKindPartition(key.PK))
    .map((key) => `${key.PK}|${key.SK}`);

/** The keys of an event's price postings (layout 11), as `PK|SK`: what bringing it from an older layout also puts. */
const priceKeysOf = (event: Parameters<typeof postingKeysOf>[0]) =>
  postingKeysOf(event)
    .filter((key) => ['price', 'reprice'].includes(searchPostingKind(key.PK)))
    .map((key) => `${key.PK}|${key.SK}`);

const recordOf = async (id: string) => (await listMigrationRecords()).find((record) => record.id === id);

afterAll(async () => {
  for (const id of testIds) await db.send(new DeleteCommand({ TableName: tableName, Key: { PK: 'MIGRATIONS', SK: id } }));
});

describe('the migration runner', () => {
  it('runs migrations in order, a step at a time, recording each one’s progress', async () => {
    const first = counting('a', 5, 2);
    const second = counting('b', 3, 3);
    const migrations = [first.migration, second.migration];
    const outcome = await runMigrationStep(migrations);
    expect(outcome).toMatchObject({ done: false, record: { id: first.migration.id, status: 'running', steps: 1, changed: 2, cursor: '2' } });
    await runMigrations({ migrations });
    expect(first.calls).toEqual([undefined, '2', '4']);
    expect(second.calls).toEqual([undefined]);
    expect(await recordOf(first.migration.id)).toMatchObject({ status: 'done', steps: 3, changed: 5, finishedAt: expect.any(String) });
    expect((await recordOf(first.migration.id))?.cursor).toBeUndefined();
    expect(await recordOf(second.migration.id)).toMatchObject({ status: 'done', steps: 1, changed: 3 });
    // Nothing left: another run takes no step.
    expect(await runMigrationStep(migrations)).toEqual({ done: true });
    expect(first.calls).toHaveLength(3);
  });

  it('marks a failing migration failed with its error and stops; the next run resumes at the step that failed', async () => {
    const failing = counting('c', 10, 3, { failAt: 6 });
    await expect(runMigrations({ migrations: [failing.migration] })).rejects.toThrow('Step at 6 failed');
    expect(await recordOf(failing.migration.id)).toMatchObject({ status: 'failed', steps: 2, changed: 6, cursor: '6', error: 'Step at 6 failed' });
    await runMigrations({ migrations: [failing.migration] });
    expect(failing.calls).toEqual([undefined, '3', '6', '6', '9']);
    const record = await recordOf(failing.migration.id);
    expect(record).toMatchObject({ status: 'done', steps: 4, changed: 10 });
    expect(record?.error).toBeUndefined();
  });

  it('lets two runners share a migration without counting a step twice', async () => {
    const shared = counting('d', 40, 2);
    await Promise.all([runMigrations({ migrations: [shared.migration] }), runMigrations({ migrations: [shared.migration] })]);
    expect(await recordOf(shared.migration.id)).toMatchObject({ status: 'done', steps: 20, changed: 40 });
  });

  it('answers the state machine that all is done once no migration is left', async () => {
    // The shared stack's table was made by this code: its migrations are recorded done, so no step is taken.
    expect(await runStepsFor(1000)).toEqual({ done: true, steps: 0 });
  });

  it('runs only the migrations a deploy names, so a rollback to an older template leaves a newer one alone', async () => {
    const older = counting('f', 2, 2);
    const newer = counting('g', 2, 2, { failAt: 0 });
    const named = migrationsNamed([older.migration.id], [older.migration, newer.migration]);
    expect(named).toEqual([older.migration]);
    await runMigrations({ migrations: named });
    expect(newer.calls).toEqual([]);
    expect(await recordOf(older.migration.id)).toMatchObject({ status: 'done' });
    expect(migrationsNamed(undefined, [older.migration, newer.migration])).toHaveLength(2);
  });

  it('records a new table’s migrations as done without running them', async () => {
    const fresh = counting('e', 4, 4);
    await baselineMigrations([fresh.migration]);
    expect(await recordOf(fresh.migration.id)).toMatchObject({ status: 'done', baseline: true, steps: 0 });
    await runMigrations({ migrations: [fresh.migration] });
    expect(fresh.calls).toEqual([]);
  });
});

/** Runs one real migration to its end over the whole (shared, small) table, without its record. */
async function migrate(migration: Migration): Promise<number> {
  let cursor: string | undefined;
  let changed = 0;
  for (let steps = 0; steps < 10_000; steps += 1) {
    const step = await migration.step(cursor);
    changed += step.changed;
    cursor = step.cursor;
    if (!cursor) return changed;
  }
  throw new Error('The migration did not end');
}

const migrationNamed = (id: string) => MIGRATIONS.find((migration) => migration.id === id)!;

/** An event's item as a migration's scan reads it. */
async function eventItem(id: string): Promise<Record<string, unknown>> {
  const { Items } = await db.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': `EVENT#${id}`, ':sk': 'EVENT' } }));
  return Items![0]!;
}

/** One stored item, read consistently. */
async function storedItem(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
  return (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}

/** Makes an event's item say it was written under `layout` (undefined: before items recorded one). */
async function markLayout(id: string, layout: number | undefined): Promise<void> {
  const Key = { PK: `EVENT#${id}`, SK: 'EVENT' };
  if (layout === undefined) await db.send(new UpdateCommand({ TableName: tableName, Key, UpdateExpression: 'REMOVE indexVersion' }));
  else await db.send(new UpdateCommand({ TableName: tableName, Key, UpdateExpression: 'SET indexVersion = :v', ExpressionAttributeValues: { ':v': layout } }));
}

/** The items of one event (its own, its admin row, its postings) that `work` writes, by key, as many times as written. */
async function writesFor<T>(eventId: string, work: () => Promise<T>): Promise<{ result: T; written: string[] }> {
  const written: string[] = [];
  const note = (key: Record<string, unknown> | undefined) => {
    if (key && (key.PK === `EVENT#${eventId}` || String(key.SK).endsWith(`#${eventId}`))) written.push(`${String(key.PK)}|${String(key.SK)}`);
  };
  const send = db.send;
  db.send = ((command: { input: Record<string, unknown> }, ...rest: unknown[]) => {
    const { input } = command;
    note((input.Item ?? (input.UpdateExpression || command.constructor.name === 'DeleteCommand' ? input.Key : undefined)) as Record<string, unknown> | undefined);
    for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: Record<string, unknown> }; DeleteRequest?: { Key: Record<string, unknown> } }[]>)) {
      if (Array.isArray(requests)) for (const request of requests) note(request.PutRequest?.Item ?? request.DeleteRequest?.Key);
    }
    for (const item of (input.TransactItems ?? []) as { Put?: { Item: Record<string, unknown> }; Update?: { Key: Record<string, unknown> }; Delete?: { Key: Record<string, unknown> } }[]) {
      note(item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key);
    }
    return (send as (...args: unknown[]) => Promise<unknown>).call(db, command, ...rest);
  }) as typeof db.send;
  try {
    return { result: await work(), written };
  } finally {
    db.send = send;
  }
}

describe('the migrations', () => {
  it('are numbered in the order they run, each once, and a local stack made by this code has them all done', async () => {
    const ids = MIGRATIONS.map((migration) => migration.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const [index, id] of ids.entries()) expect(id.startsWith(String(index + 1).padStart(4, '0'))).toBe(true);
    const records = await listMigrationRecords();
    for (const id of ids) expect(records.find((record) => record.id === id), id).toMatchObject({ status: 'done' });
  });

  it('shows admins every migration in order with its record, and no one else', async () => {
    const admin = account('Admin');
    const response = await api('GET', '/api/admin/migrations', { token: await idTokenFor(admin.email, admin.password) });
    expect(response.status).toBe(200);
    const { items } = MigrationsStatusSchema.parse(response.body);
    expect(items.map((item) => item.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
    for (const item of items) expect(item.record, item.id).toMatchObject({ id: item.id, status: 'done' });
    const athlete = account('Athlete');
    expect((await api('GET', '/api/admin/migrations', { token: await idTokenFor(athlete.email, athlete.password) })).status).toBe(403);
    expect((await api('GET', '/api/admin/migrations')).status).toBe(401);
  });

  it('0001 gives profiles stored before the user search its keys', async () => {
    const { email, password } = account('Athlete');
    const me = (await api('GET', '/api/me', { token: await idTokenFor(email, password) })).body as { id: string };
    await db.send(new UpdateCommand({ TableName: tableName, Key: { PK: `USER#${me.id}`, SK: 'PROFILE' }, UpdateExpression: 'REMOVE GSI4PK, GSI4SK, GSI5PK, GSI5SK' }));
    expect(await migrate(migrationNamed('0001-profile-search-keys'))).toBeGreaterThanOrEqual(1);
    const admin = account('Admin');
    const found = await api('GET', '/api/admin/users', { token: await idTokenFor(admin.email, admin.password), query: { q: email } });
    expect((found.body as { items: { id: string }[] }).items.map((user) => user.id)).toContain(me.id);
  });

  it('0009 adds the load of logs written before loads were kept, once, and not again for a log an edit counted', async () => {
    const { token } = await newUser('load-migration');
    const sub = ((await api('GET', '/api/me', { token })).body as { id: string }).id;
    const day = (back: number) => addDays(todayInNewYork(), -back);
    const logged: TrainingLog[] = [];
    for (const [back, effortLevel] of [[3, 4], [2, 7], [2, 2]] as const) {
      logged.push((await api('POST', '/api/me/training-logs', { token, body: { activityType: 'running', durationMinutes: 50, effortLevel, logDate: day(back) } })).body as TrainingLog);
    }
    const loadsOf = async () => {
      const answer = TrainingLoadSchema.parse((await api('GET', '/api/me/training-load', { token, query: { from: day(3), to: day(2) } })).body);
      return answer.days.map((entry) => entry.load);
    };
    const expected = (efforts: number[]) => efforts.reduce((sum, effortLevel) => sum + workoutLoadTenths({ durationMinutes: 50, effortLevel }), 0) / 10;
    expect(await loadsOf()).toEqual([expected([4]), expected([7, 2])]);

    // As stored before issue 25: logs without the load they add, month aggregates without loads.
    for (const log of logged) await db.send(new UpdateCommand({ TableName: tableName, Key: { PK: `USER#${sub}`, SK: `LOG#${log.id}` }, UpdateExpression: 'REMOVE loadTenths' }));
    const month = (back: number) => ({ PK: `USER#${sub}`, SK: `TRAINING#MONTH#${day(back).slice(0, 7)}` });
    for (const back of [3, 2]) {
      await db.send(new UpdateCommand({ TableName: tableName, Key: month(back), UpdateExpression: 'REMOVE #day', ExpressionAttributeNames: { '#day': `l${day(back).slice(8, 10)}` } }));
    }
    expect(await loadsOf()).toEqual([0, 0]);
    // An edit before the migration reaches the athlete counts its log itself, at its new effort.
    expect((await api('PATCH', `/api/me/training-logs/${logged[1]!.id}`, { token, body: { effortLevel: 9 } })).status).toBe(200);
    expect(await loadsOf()).toEqual([0, expected([9])]);

    expect(await countUncountedLoads(sub)).toBe(2);
    expect(await loadsOf()).toEqual([expected([4]), expected([9, 2])]);
    expect(await countUncountedLoads(sub)).toBe(0);
    expect(await loadsOf()).toEqual([expected([4]), expected([9, 2])]);
  });

  it('0002 brings an event from an older layout to this one with exactly the postings it lacks and its mark', async () => {
    const event = await createEvent(testRaceEvent({ title: `Layered Ridge ${run} Half`, eventDate: '2099-10-02', rating: { average: 4.5, count: 2 } }));
    // As layout 6 left it: no rated posting (layout 7 added those), and its item says 6.
    const rated = { PK: RATED_PARTITION, SK: `${event.eventDate}#${event.id}` };
    expect(postingKeysOf(event)).toContainEqual(rated);
    await db.send(new DeleteCommand({ TableName: tableName, Key: rated }));
    await markLayout(event.id, 6);
    const { result, written } = await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]));
    expect(result).toBe(1);
    expect(written.sort()).toEqual([`EVENT#${event.id}|EVENT`, `${rated.PK}|${rated.SK}`, ...stateKindKeysOf(event), ...priceKeysOf(event)].sort());
    expect(await storedItem(rated)).toBeDefined();
    expect((await eventItem(event.id)).indexVersion).toBe(SEARCH_INDEX_VERSION);
    // Run again (a step a kill interrupted): the event is at this layout, and nothing is written.
    expect(await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]))).toEqual({ result: 0, written: [] });
  });

  it('0002 skips an event at this layout, and one the layouts since change nothing for', async () => {
    const current = await createEvent(testRaceEvent({ title: `Settled Ridge ${run} 5K`, eventDate: '2099-10-03' }));
    expect((await eventItem(current.id)).indexVersion).toBe(SEARCH_INDEX_VERSION);
    expect(await writesFor(current.id, async () => reindexEvents([await eventItem(current.id)]))).toEqual({ result: 0, written: [] });
    // The layouts since 6 added only postings (rated, closing, state-kind): an unlisted event has none, so it has
    // nothing to gain and keeps its mark.
    const unlisted = await createEvent(testRaceEvent({ title: `Unlisted Ridge ${run} 5K`, eventDate: '2099-10-03', verified: false }));
    await markLayout(unlisted.id, 6);
    expect(await writesFor(unlisted.id, async () => reindexEvents([await eventItem(unlisted.id)]))).toEqual({ result: 0, written: [] });
    expect((await eventItem(unlisted.id)).indexVersion).toBe(6);
  });

  it('0002 writes an event stored before events recorded their layout whole again', async () => {
    const event = await createEvent(testRaceEvent({ title: `Migrated Ridge ${run} Marathon`, eventDate: '2099-10-04', featured: true, latitude: 39.74, longitude: -104.99 }));
    const keys = postingKeysOf(event);
    const missing = keys.filter((key) => key.PK === FEATURED_PARTITION || key.PK.startsWith('IDX#GEO#'));
    expect(missing.length).toBe(5);
    for (const key of missing) await db.send(new DeleteCommand({ TableName: tableName, Key: key }));
    await markLayout(event.id, undefined);
    // What each of the migration's steps does with the events of its page (a run over the whole shared table, which
    // other files fill, is the own-stack test's: test/integration/own-stack/local-seed-image.test.ts).
    const { result, written } = await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]));
    expect(result).toBe(1);
    const everything = [{ PK: `EVENT#${event.id}`, SK: 'EVENT' }, ...keys, ...adminIndexKeysOf(event)].map((key) => `${key.PK}|${key.SK}`);
    expect(written.sort()).toEqual(everything.sort());
    for (const key of keys) expect(await storedItem(key), `${key.PK} ${key.SK}`).toBeDefined();
    expect((await eventItem(event.id)).indexVersion).toBe(SEARCH_INDEX_VERSION);
    // Radius searches read the geo postings again.
    const near = await api('GET', '/api/events', { query: { near: '39.74,-104.99', radius: '10', q: `Ridge ${run}` } });
    expect(near.status).toBe(200);
    expect((near.body as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([event.id]);
  });

  it('0002 leaves an event that changed since it was read to the writer that changed it', async () => {
    const event = await createEvent(testRaceEvent({ title: `Raced Ridge ${run} 10K`, eventDate: '2099-10-11' }));
    await markLayout(event.id, undefined);
    const asRead = await eventItem(event.id);
    expect(await reindexEvents([{ ...asRead, updatedAt: '2020-01-01T00:00:00.000Z' }])).toBe(0);
    expect(await reindexEvents([{ ...asRead, indexPending: 'a-writer-at-work' }])).toBe(0);
    expect((await eventItem(event.id)).indexVersion).toBeUndefined();
    expect(await reindexEvents([asRead])).toBe(1);
  });

  it('0002 loses a race with an edit: the edit stays, and no posting of the event as read is left', async () => {
    const before = await createEvent(testRaceEvent({ title: `Contested Ridge ${run} Marathon`, eventDate: '2099-10-12', city: 'Casper', distances: ['Marathon'] }));
    await markLayout(before.id, undefined);
    const asRead = await eventItem(before.id);
    // The edit lands after the migration's page read and before its writes.
    const after = await updateEvent(before.id, { title: `Renamed Summit ${run} 10K`, city: 'Sheridan', distances: ['10K'] });
    expect(await reindexEvents([asRead])).toBe(0);
    expect((await getEvent(before.id))?.title).toBe(after.title);
    const keysOf = (event: typeof before) => [...postingKeysOf(event), ...adminIndexKeysOf(event)];
    const kept = new Set(keysOf(after).map((key) => `${key.PK}|${key.SK}`));
    const gone = keysOf(before).filter((key) => !kept.has(`${key.PK}|${key.SK}`));
    expect(gone.length).toBeGreaterThan(3);
    for (const key of gone) expect(await storedItem(key), `${key.PK} ${key.SK}`).toBeUndefined();
    for (const key of keysOf(after)) expect((await storedItem(key))?.title, `${key.PK} ${key.SK}`).toBe(after.title);
    expect((await eventItem(before.id)).indexVersion).toBe(SEARCH_INDEX_VERSION);
  });

  it('0005 gives an event that closes registration on a known day its closing posting, and one without a deadline none', async () => {
    const closing = await createEvent(testRaceEvent({ title: `Deadline Ridge ${run} 10K`, eventDate: '2099-10-20', registrationEndDate: '2099-10-13' }));
    const posting = { PK: registrationClosesPartition('2099-10-13'), SK: `${closing.eventDate}#${closing.id}` };
    expect(postingKeysOf(closing)).toContainEqual(posting);
    // As layout 7 left it: no closing posting.
    await db.send(new DeleteCommand({ TableName: tableName, Key: posting }));
    await markLayout(closing.id, 7);
    const { result, written } = await writesFor(closing.id, async () => reindexEvents([await eventItem(closing.id)]));
    expect(result).toBe(1);
    expect(written.sort()).toEqual([`EVENT#${closing.id}|EVENT`, `${posting.PK}|${posting.SK}`, ...stateKindKeysOf(closing), ...priceKeysOf(closing)].sort());
    expect((await eventItem(closing.id)).indexVersion).toBe(SEARCH_INDEX_VERSION);

    // Without a deadline it gains no closing posting: only what layout 9 added.
    const open = await createEvent(testRaceEvent({ title: `Open Ridge ${run} 10K`, eventDate: '2099-10-21' }));
    await markLayout(open.id, 7);
    const reindexed = await writesFor(open.id, async () => reindexEvents([await eventItem(open.id)]));
    expect(reindexed.written.sort()).toEqual([`EVENT#${open.id}|EVENT`, ...stateKindKeysOf(open), ...priceKeysOf(open)].sort());
  });

  it("0007 gives a public event its state's postings of its type and distances, which a search by state and kind then reads alone", async () => {
    const event = await createEvent(
      testRaceEvent({ title: `Kindred Ridge ${run} Marathon`, eventDate: '2099-10-22', state: 'WY', eventType: 'road_race', distances: ['Marathon', '10K'] }),
    );
    const keys = stateKindKeysOf(event);
    expect(keys.sort()).toEqual(
      [stateKindPartition('WY', { type: 'road_race' }), stateKindPartition('WY', { distance: '10k' }), stateKindPartition('WY', { distance: 'marathon' })]
        .map((PK) => `${PK}|${event.eventDate}#${event.id}`)
        .sort(),
    );
    // As layout 8 left it: no state-kind postings.
    for (const key of keys) {
      const [PK, SK] = key.split('|') as [string, string];
      await db.send(new DeleteCommand({ TableName: tableName, Key: { PK, SK } }));
    }
    await markLayout(event.id, 8);
    const search = async () =>
      (await api('GET', '/api/events', { query: { state: 'WY', distance: 'marathon', from: '2099-10-22', to: '2099-10-22' } })).body as { items: { id: string }[] };
    expect((await search()).items.map((item) => item.id)).not.toContain(event.id);
    const { result, written } = await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]));
    expect(result).toBe(1);
    expect(written.sort()).toEqual([`EVENT#${event.id}|EVENT`, ...keys, ...priceKeysOf(event)].sort());
    expect((await eventItem(event.id)).indexVersion).toBe(SEARCH_INDEX_VERSION);
    expect((await search()).items.map((item) => item.id)).toContain(event.id);
    // Run again (a step a kill interrupted): nothing is written twice.
    expect(await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]))).toEqual({ result: 0, written: [] });
  });

  it('0008 gives a public event its price postings and a tiered race its reprice postings, at the fee of the day (layout 11)', async () => {
    const today = todayInNewYork();
    // Sold at $90 until yesterday, $40 from today: stored under layout 10 at the fee of the day it was written.
    const event = await createEvent(
      testRaceEvent({ title: `Pricey Hollow ${run} 10K`, eventDate: addDays(today, 60), priceTiers: [{ fee: 90, until: addDays(today, -1) }, { fee: 40, until: addDays(today, 20) }, { fee: 55 }] }),
    );
    // Layout 10 had none of the postings of 11 and 12 (those of 12 only for an event with coordinates).
    const newKeys = postingKeysOf(event).filter((key) => ['price', 'reprice', 'near-order'].includes(searchPostingKind(key.PK)));
    expect(newKeys.map((key) => key.PK)).toEqual(
      expect.arrayContaining([PRICE_PARTITION, repricePartition(today), repricePartition(addDays(today, 21)), statePricePartition('WY'), typePricePartition(event.eventType)]),
    );
    for (const Key of newKeys) await db.send(new DeleteCommand({ TableName: tableName, Key }));
    await db.send(new UpdateCommand({ TableName: tableName, Key: { PK: `EVENT#${event.id}`, SK: 'EVENT' }, UpdateExpression: 'SET registrationFee = :stale', ExpressionAttributeValues: { ':stale': 90 } }));
    await markLayout(event.id, 10);

    const { result, written } = await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]));
    expect(result).toBe(1);
    // The item again (its fee is today's), and the new postings keyed by that fee.
    expect(written.sort()).toEqual([`EVENT#${event.id}|EVENT`, ...newKeys.map((key) => `${key.PK}|${key.SK}`)].sort());
    expect(newKeys.filter((key) => isPricePartition(key.PK)).every((key) => key.SK.startsWith('00004000#'))).toBe(true);
    expect(await eventItem(event.id)).toMatchObject({ registrationFee: 40, indexVersion: SEARCH_INDEX_VERSION });
    expect(await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]))).toEqual({ result: 0, written: [] });
  });

  it('0008 gives a public event with coordinates its nearest-first posting, which a search sorted by distance then reads (layout 12)', async () => {
    const event = await createEvent(testRaceEvent({ title: `Nearest Ridge ${run} 10K`, eventDate: '2099-10-23', latitude: 44.2619, longitude: -72.5806 }));
    const [posting] = postingKeysOf(event).filter((key) => key.PK.startsWith(nearOrderPartition('')));
    expect(posting).toBeDefined();
    // As layout 11 left it: no nearest-first posting.
    await db.send(new DeleteCommand({ TableName: tableName, Key: posting! }));
    await markLayout(event.id, 11);
    const search = async () =>
      (await api('GET', '/api/events', { query: { near: '44.2619,-72.5806', radius: '10', sort: 'distance', from: '2099-10-23', to: '2099-10-23' } })).body as { items: { id: string }[] };
    expect((await search()).items.map((item) => item.id)).not.toContain(event.id);
    const { result, written } = await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]));
    expect(result).toBe(1);
    expect(written.sort()).toEqual([`EVENT#${event.id}|EVENT`, `${posting!.PK}|${posting!.SK}`].sort());
    expect((await eventItem(event.id)).indexVersion).toBe(SEARCH_INDEX_VERSION);
    expect((await search()).items.map((item) => item.id)).toContain(event.id);
    expect(await writesFor(event.id, async () => reindexEvents([await eventItem(event.id)]))).toEqual({ result: 0, written: [] });
  });

  it('0006 marks a race an import flagged cancelled before statuses as cancelled, once, and leaves other races alone', async () => {
    const flagged = await createEvent(testRaceEvent({ title: `Called Off ${run} 10K`, eventDate: '2099-10-22', verified: false, reviewFlag: 'cancelled' }));
    expect(flagged).not.toHaveProperty('status');
    expect(await markCancelled(await eventItem(flagged.id))).toBe(true);
    expect(await getEvent(flagged.id)).toMatchObject({ status: 'cancelled', reviewFlag: 'cancelled', verified: false });
    // Run again, as a resumed step would: nothing to write.
    expect(await writesFor(flagged.id, async () => markCancelled(await eventItem(flagged.id)))).toEqual({ result: false, written: [] });

    const other = await createEvent(testRaceEvent({ title: `Going Ahead ${run} 10K`, eventDate: '2099-10-23', reviewFlag: 'possible-duplicate' }));
    expect(await writesFor(other.id, async () => markCancelled(await eventItem(other.id)))).toEqual({ result: false, written: [] });
  });

  it('0003 lists organizations stored before the directory', async () => {
    const organization = await createOrganization({ id: ulid(), name: `Migrated Striders ${run}` });
    await db.send(new UpdateCommand({ TableName: tableName, Key: { PK: `ORG#${organization.id}`, SK: 'ORG' }, UpdateExpression: 'REMOVE GSI1PK, GSI1SK' }));
    expect((await getOrganizationItem(organization.id))?.GSI1PK).toBeUndefined();
    // What the migration's step does for each unlisted organization its scan finds; twice, as a resumed step would.
    await indexOrganizationName(fromOrganizationItem((await getOrganizationItem(organization.id))!));
    await indexOrganizationName(organization);
    expect((await getOrganizationItem(organization.id))?.GSI1PK).toBe('ORGS');
  });

  it('0004 lists review guards, helpful votes and reports stored before footprints under the person they name', async () => {
    const race = await createEvent(testRaceEvent({ title: `Footprint ${run} 10K`, eventDate: addDays(todayInNewYork(), -2) }));
    const [writer, reader] = [await newUser('footprint-writer'), await newUser('footprint-reader')];
    const readerSub = ((await api('GET', '/api/me', { token: reader.token })).body as { id: string }).id;
    expect((await api('POST', `/api/events/${race.id}/reviews`, { token: writer.token, body: { overall: 4, text: 'A fast course along the river.' } })).status).toBe(201);
    const reviewId = ((await api('GET', `/api/events/${race.id}/reviews`)).body as { items: { id: string }[] }).items[0]!.id;
    expect((await api('PUT', `/api/events/${race.id}/reviews/${reviewId}/helpful`, { token: reader.token })).status).toBe(200);
    expect((await api('POST', `/api/events/${race.id}/reviews/${reviewId}/reports`, { token: reader.token, body: { reason: 'spam' } })).status).toBe(202);
    const footprint = async () => {
      const found: string[] = [];
      for await (const items of footprintPages(readerSub)) found.push(...items.map((item) => String(item.SK)));
      return found.sort();
    };
    const expected = [`HELPFUL#${reviewId}#${readerSub}`, `REPORT#${reviewId}#${readerSub}`];
    expect(await footprint()).toEqual(expected);
    // As stored before footprints: no person keys.
    for (const SK of expected) await db.send(new UpdateCommand({ TableName: tableName, Key: { PK: `EVENT#${race.id}`, SK }, UpdateExpression: 'REMOVE GSI1PK, GSI1SK' }));
    expect(await footprint()).toEqual([]);
    // What a step does for each event of its page; twice, as a resumed step would: the second changes nothing.
    expect(await addFootprints(`EVENT#${race.id}`)).toBe(2);
    expect(await addFootprints(`EVENT#${race.id}`)).toBe(0);
    expect(await footprint()).toEqual(expected);
  });
});

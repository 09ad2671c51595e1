/**
 * Data migrations at scale (issue 22): a catalogue of generated events in DynamoDB Local (in memory), stored as
 * the layout before this code's wrote them, brought to this code's search index layout by the search index
 * migration (0002-search-index-7) through the runner, as a deploy or npm start runs it: events a second.
 *
 * The catalogue: the generator's events, a quarter of them with reviews (a `rating`, so they belong in the
 * rated partition), loaded as this code writes them (the event item, its search postings and its admin list
 * items, BatchWrite with many requests in flight) and then made to look as layout 6 wrote them by this file's
 * own setup: no rated postings (what layout 7 added) and `indexVersion` 6 on the event items. The migration
 * must add exactly what is missing.
 *
 * The run is killed halfway (a step that dies after its writes, before its record, as a Lambda timing out
 * would) and resumed; the time is the two runs together. Every write the migration sends is counted per item
 * through the DynamoDB client: an event is written twice if any of its items (event item, posting, admin item)
 * is written more than once. Afterwards a sample of events is checked: the event item records this layout and
 * every index item this code lays out for it (postingKeysOf and the admin list's keys) is there.
 *
 * Runs in a process of its own (handler modules read their configuration once per process):
 *
 *   npx tsx test/bench/migration-bench.ts [--events 100000] [--reviewed 0.25] [--rounds 1] [--quiet-below <load>] [--json]
 *
 * --rounds migrates the catalogue again after setting it back to layout 6 (this file's setup), and the result's
 * headline is the round run at the lowest machine load (every round is in `rounds`); --quiet-below waits before
 * each round (up to half an hour) until the 1-minute load average is below that.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import { withLocalTable } from './local-table.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** One migration of the whole catalogue from layout 6, killed halfway and resumed, and the check after it. */
export interface MigrationRound {
  readonly migration: {
    readonly seconds: number;
    readonly eventsPerSecond: number;
    readonly steps: number;
    /** Items the migration wrote (marks, postings). */
    readonly itemWrites: number;
    /** The machine's 1-minute load average (2 cores) during the migration: when it started, its mean every 5 s, and when it ended. */
    readonly machineLoad: { readonly start: number; readonly mean: number; readonly end: number };
  };
  readonly killed: {
    readonly atStep: number;
    /** Events layout 7 changes something for (verified and reviewed: a rated posting to add). */
    readonly expectedEvents: number;
    /** Events whose item the migration wrote (its mark). */
    readonly migratedEvents: number;
    /** Events whose items (event item, postings, admin items) the migration wrote more than once. */
    readonly writtenTwice: number;
    /** Events the migration's record counts: all but those of the step that died (written then, skipped when it ran again). */
    readonly recordedEvents: number;
  };
  readonly check: {
    readonly sampled: number;
    /** Sampled events with every index item this code lays out for them. */
    readonly complete: number;
    readonly missingItems: number;
    /** Sampled events whose item records layout 7 (those that were written), and those still saying 6 (nothing to write). */
    readonly marked: number;
    readonly keptOlderMark: number;
  };
}

export interface MigrationBenchResult extends MigrationRound {
  readonly events: number;
  /** The layout the catalogue was stored under, and this code's. */
  readonly fromLayout: number;
  readonly toLayout: number;
  /** Events with reviews (a rated posting to add). */
  readonly reviewedEvents: number;
  readonly load: { readonly seconds: number; readonly items: number };
  /**
   * Every round (the catalogue set back to layout 6 by this file between rounds); the fields above are the round
   * run at the lowest machine load.
   */
  readonly rounds: readonly MigrationRound[];
}

/** Events whose items are built at a time while loading (the next chunk is built while one is written). */
const LOAD_CHUNK = 250;
/** BatchWrite requests in flight while loading. */
const LOAD_IN_FLIGHT = 16;
/** Events between two progress lines while loading. */
const PROGRESS_EVERY = 10_000;
/** Progress on stderr (npm run bench shows it; stdout carries the result). */
const progress = (line: string) => process.stderr.write(`  migration bench: ${line}\n`);
/** Events checked after the migration. */
const SAMPLE = 1_000;
/** The layout the catalogue is stored under: the one before this code's (7). */
const FROM_LAYOUT = 6;

/** The share of races with reviews unless --reviewed says otherwise. */
const REVIEWED_SHARE = 0.25;

/** A share of the races have reviews, spread evenly (a golden-ratio sequence) and the same on every run. */
function withReviews(events: readonly RaceEvent[], share: number): RaceEvent[] {
  return events.map((event, index) => ((index * 0.618_033_988_75) % 1 < share ? { ...event, rating: { average: 3 + (index % 5) / 2.5, count: 1 + (index % 9) } } : event));
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The event an item belongs to: its own item and admin row (PK EVENT#<id>), or a posting (SK <date or time>#<id>). */
function eventIdOf(key: Readonly<Record<string, unknown>>): string | undefined {
  const [pk, sk] = [String(key.PK), String(key.SK)];
  if (pk === 'MIGRATIONS') return undefined;
  if (pk.startsWith('EVENT#')) return pk.slice('EVENT#'.length);
  return sk.split('#').at(-1);
}

/** Waits (up to `maxSeconds`) until the 1-minute load average is below `below`; the bench's measure is the machine's too. */
async function quietMachine(below: number | undefined, maxSeconds = 1_800): Promise<void> {
  if (below === undefined) return;
  const until = performance.now() + maxSeconds * 1000;
  while (loadavg()[0]! >= below && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 10_000));
}

export interface MigrationBenchOptions {
  readonly events: number;
  /** Share of the races with reviews. */
  readonly reviewed?: number;
  /** Migrations of the catalogue (set back to layout 6 between them). */
  readonly rounds?: number;
  /** Before each round, wait until the 1-minute load average is below this. */
  readonly quietBelow?: number;
}

export async function measureMigration({ events, reviewed = REVIEWED_SHARE, rounds = 1, quietBelow }: MigrationBenchOptions): Promise<MigrationBenchResult> {
  return withLocalTable(async () => {
    const { generateSeedEvents, DEFAULT_SEED } = await import('../../infra/local/seed/generate-events.ts');
    const { toEventItem, withRaceClock } = await import('#data/event');
    const { postingsOf, postingKeysOf, RATED_PARTITION, SEARCH_INDEX_VERSION } = await import('#data/search-index');
    const { adminIndexItemsOf, adminIndexKeysOf } = await import('#data/admin-event-index');
    const { inParallel, putInBatches } = await import('#lib/kit/batch-write');
    const { db, tableName } = await import('#lib/dynamo');
    const { searchIndex7 } = await import('../../lambdas/migrations/0002-search-index-7.ts');
    const { SEARCH_INDEX_PAGE } = await import('../../lambdas/migrations/migration.ts');
    const { runMigrations } = await import('../../lambdas/migrations/runner.ts');
    const { listMigrationRecords } = await import('#data/migration-record');

    const catalogue = withReviews(generateSeedEvents({ count: events, today: todayInNewYork(), seed: DEFAULT_SEED }), reviewed).map((event) => withRaceClock(event));

    // As layout 6 wrote them: every item this code writes except the rated postings, and the event item says 6.
    const asLayout6 = (event: RaceEvent) => [
      { ...toEventItem(event), indexVersion: FROM_LAYOUT },
      ...postingsOf(event).filter((posting) => posting.PK !== RATED_PARTITION),
      ...adminIndexItemsOf(event),
    ];
    let loaded = 0;
    const loadStarted = performance.now();
    let writing: Promise<void> = Promise.resolve();
    for (let at = 0; at < catalogue.length; at += LOAD_CHUNK) {
      const items = catalogue.slice(at, at + LOAD_CHUNK).flatMap(asLayout6);
      await writing;
      writing = putInBatches(items, LOAD_IN_FLIGHT);
      loaded += items.length;
      if ((at + LOAD_CHUNK) % PROGRESS_EVERY === 0) progress(`loaded ${at + LOAD_CHUNK} of ${events} events (${loaded} items, ${Math.round((performance.now() - loadStarted) / 1000)} s)`);
      // Let the writes in flight go on before the next chunk is built.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writing;
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    // Every item key the migration writes, with how many times (a counting wrapper around the client's send).
    const writes = new Map<string, number>();
    let counting = false;
    const count = (key: Readonly<Record<string, unknown>> | undefined) => {
      if (!counting || !key || eventIdOf(key) === undefined) return;
      const name = `${String(key.PK)}|${String(key.SK)}`;
      writes.set(name, (writes.get(name) ?? 0) + 1);
    };
    const send = db.send.bind(db) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
    (db as unknown as { send: typeof send }).send = (command, ...rest) => {
      const name = (command as { constructor: { name: string } }).constructor.name;
      const input = (command as { input: Record<string, unknown> }).input;
      if (name === 'PutCommand') count(input.Item as Record<string, unknown>);
      if (name === 'UpdateCommand' || name === 'DeleteCommand') count(input.Key as Record<string, unknown>);
      if (name === 'BatchWriteCommand') {
        for (const requests of Object.values(input.RequestItems as Record<string, { PutRequest?: { Item: Record<string, unknown> }; DeleteRequest?: { Key: Record<string, unknown> } }[]>)) {
          for (const request of requests) count(request.PutRequest?.Item ?? request.DeleteRequest?.Key);
        }
      }
      if (name === 'TransactWriteCommand') {
        for (const item of input.TransactItems as { Put?: { Item: Record<string, unknown> }; Update?: { Key: Record<string, unknown> }; Delete?: { Key: Record<string, unknown> } }[]) {
          count(item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key);
        }
      }
      return send(command, ...rest);
    };

    const migrateOnce = async (): Promise<MigrationRound> => {
      // Killed halfway: the step that dies has written its events but not its record; the next run resumes there.
      const atStep = Math.max(1, Math.ceil(events / SEARCH_INDEX_PAGE / 2));
      let taken = 0;
      const dying = {
        ...searchIndex7,
        async step(cursor: string | undefined) {
          const result = await searchIndex7.step(cursor);
          taken += 1;
          if (taken === atStep) throw new Error('killed');
          return result;
        },
      };
      await quietMachine(quietBelow);
      progress(`migrating (the catalogue loaded in ${round1(loadSeconds)} s; machine load ${loadavg()[0]!.toFixed(1)})`);
      const loadBefore = loadavg()[0]!;
      const loads: number[] = [];
      const sampler = setInterval(() => loads.push(loadavg()[0]!), 5_000);
      writes.clear();
      counting = true;
      const started = performance.now();
      await runMigrations({ migrations: [dying] }).catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'killed') throw error;
      });
      await runMigrations({ migrations: [searchIndex7] });
      const seconds = (performance.now() - started) / 1000;
      counting = false;
      clearInterval(sampler);
      const loadAfter = loadavg()[0]!;
      loads.push(loadAfter);
      const record = (await listMigrationRecords()).find((candidate) => candidate.id === searchIndex7.id)!;

      const twice = new Set<string>();
      let itemWrites = 0;
      let migratedEvents = 0;
      for (const [name, times] of writes) {
        const [PK, SK] = name.split('|');
        itemWrites += times;
        if (SK === 'EVENT') migratedEvents += 1;
        if (times > 1) twice.add(eventIdOf({ PK, SK })!);
      }

      // A sample across the catalogue (an odd stride, so reviewed and unreviewed events alike): every index item this
      // code lays out is there, and the event records layout 7 if it had anything to write, else still 6.
      const stride = Math.max(1, Math.floor(catalogue.length / SAMPLE)) | 1;
      const sample = catalogue.filter((_, index) => index % stride === 0).slice(0, SAMPLE);
      let marked = 0;
      let keptOlderMark = 0;
      let complete = 0;
      let missingItems = 0;
      for (const event of sample) {
        const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { PK: `EVENT#${event.id}`, SK: 'EVENT' }, ConsistentRead: true }));
        const written = event.verified && event.rating !== undefined;
        if (written && Item?.indexVersion === SEARCH_INDEX_VERSION) marked += 1;
        if (!written && Item?.indexVersion === FROM_LAYOUT) keptOlderMark += 1;
        const keys = [...postingKeysOf(event), ...adminIndexKeysOf(event)];
        let missing = 0;
        for (let at = 0; at < keys.length; at += 100) {
          const chunk = keys.slice(at, at + 100);
          const { Responses } = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: chunk, ProjectionExpression: 'PK', ConsistentRead: true } } }));
          missing += chunk.length - (Responses?.[tableName]?.length ?? 0);
        }
        missingItems += missing;
        if (missing === 0) complete += 1;
      }
      await db.send(new DeleteCommand({ TableName: tableName, Key: { PK: 'MIGRATIONS', SK: searchIndex7.id } }));
      return {
        migration: { seconds: round1(seconds), eventsPerSecond: Math.round(events / seconds), steps: record.steps, itemWrites, machineLoad: { start: round1(loadBefore), mean: round1(loads.reduce((sum, value) => sum + value, 0) / loads.length), end: round1(loadAfter) } },
        killed: { atStep, expectedEvents: catalogue.filter((event) => event.verified && event.rating).length, migratedEvents, writtenTwice: twice.size, recordedEvents: record.changed },
        check: { sampled: sample.length, complete, missingItems, marked, keptOlderMark },
      };
    };

    // Back to layout 6 for another round: the event items say 6 again and the rated postings go (this file's setup).
    const rated = catalogue.filter((event) => event.verified && event.rating).map((event) => ({ PK: RATED_PARTITION, SK: `${event.eventDate}#${event.id}` }));
    const setBack = async () => {
      await putInBatches(catalogue.map((event) => ({ ...toEventItem(event), indexVersion: FROM_LAYOUT })), LOAD_IN_FLIGHT);
      const batches: { PK: string; SK: string }[][] = [];
      for (let at = 0; at < rated.length; at += 25) batches.push(rated.slice(at, at + 25));
      await inParallel(batches, LOAD_IN_FLIGHT, async (keys) => {
        let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
        while (requests.length > 0) {
          const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
          requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
      });
    };

    const done: MigrationRound[] = [];
    for (let round = 0; round < rounds; round += 1) {
      if (round > 0) {
        progress(`round ${round + 1} of ${rounds}: setting the catalogue back to layout ${FROM_LAYOUT}`);
        await setBack();
      }
      done.push(await migrateOnce());
      progress(`round ${round + 1}: ${JSON.stringify(done.at(-1))}`);
    }
    const quietest = done.reduce((best, candidate) => (candidate.migration.machineLoad.mean < best.migration.machineLoad.mean ? candidate : best));
    return {
      events,
      fromLayout: FROM_LAYOUT,
      toLayout: SEARCH_INDEX_VERSION,
      reviewedEvents: catalogue.filter((event) => event.rating).length,
      load: { seconds: round1(loadSeconds), items: loaded },
      ...quietest,
      rounds: done,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '100000' },
      reviewed: { type: 'string', default: String(REVIEWED_SHARE) },
      rounds: { type: 'string', default: '1' },
      'quiet-below': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const quietBelow = values['quiet-below'] === undefined ? undefined : Number(values['quiet-below']);
  const result = await measureMigration({ events: Number(values.events), reviewed: Number(values.reviewed), rounds: Number(values.rounds), ...(quietBelow === undefined ? {} : { quietBelow }) });
  console.log(values.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
}

/**
 * Data migrations at scale (issue 22): a catalogue of generated events in DynamoDB Local (in memory), indexed
 * again by the search index migration (0002-search-index-7) through the runner, as a deploy or npm start runs it:
 * events a second. Then the same migration killed halfway (a step that dies after its writes, before its record)
 * and resumed: the record counts every event once, and only the step that died is written again.
 *
 * Runs in a process of its own (handler modules read their configuration once per process):
 *
 *   npx tsx test/bench/migration-bench.ts [--events 100000] [--json]
 */
import { parseArgs } from 'node:util';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { todayInNewYork } from '#shared/dates';
import { withLocalTable } from './local-table.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface MigrationBenchResult {
  readonly events: number;
  readonly loadSeconds: number;
  readonly migration: { readonly seconds: number; readonly eventsPerSecond: number; readonly steps: number };
  readonly killed: { readonly atStep: number; readonly recordedEvents: number; readonly rewrittenTwice: number; readonly stepEvents: number };
}

const LOAD_CHUNK = 500;

export async function measureMigration({ events }: { events: number }): Promise<MigrationBenchResult> {
  return withLocalTable(async () => {
    const { generateSeedEvents, DEFAULT_SEED } = await import('../../infra/local/seed/generate-events.ts');
    const { createEventsInBulk } = await import('#data/event');
    const { db, tableName } = await import('#lib/dynamo');
    const { searchIndex7 } = await import('../../lambdas/migrations/0002-search-index-7.ts');
    const { runMigrations } = await import('../../lambdas/migrations/runner.ts');
    const { listMigrationRecords } = await import('#data/migration-record');

    const catalogue = generateSeedEvents({ count: events, today: todayInNewYork(), seed: DEFAULT_SEED });
    const loadStarted = performance.now();
    for (let at = 0; at < catalogue.length; at += LOAD_CHUNK) await createEventsInBulk(catalogue.slice(at, at + LOAD_CHUNK));
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const forget = () => db.send(new DeleteCommand({ TableName: tableName, Key: { PK: 'MIGRATIONS', SK: searchIndex7.id } }));
    const started = performance.now();
    await runMigrations({ migrations: [searchIndex7] });
    const seconds = (performance.now() - started) / 1000;
    const steps = (await listMigrationRecords()).find((record) => record.id === searchIndex7.id)!.steps;

    // Killed halfway: the step that dies has written its events but not its record.
    await forget();
    const atStep = Math.max(1, Math.floor(steps / 2));
    let taken = 0;
    let rewritten = 0;
    let stepEvents = 0;
    const dying = {
      ...searchIndex7,
      async step(cursor: string | undefined) {
        const result = await searchIndex7.step(cursor);
        rewritten += result.changed;
        taken += 1;
        if (taken === atStep) {
          stepEvents = result.changed;
          throw new Error('killed');
        }
        return result;
      },
    };
    await runMigrations({ migrations: [dying] }).catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'killed') throw error;
    });
    const counting = {
      ...searchIndex7,
      async step(cursor: string | undefined) {
        const result = await searchIndex7.step(cursor);
        rewritten += result.changed;
        return result;
      },
    };
    await runMigrations({ migrations: [counting] });
    const record = (await listMigrationRecords()).find((candidate) => candidate.id === searchIndex7.id)!;
    return {
      events,
      loadSeconds: Math.round(loadSeconds * 10) / 10,
      migration: { seconds: Math.round(seconds * 10) / 10, eventsPerSecond: Math.round(events / seconds), steps },
      killed: { atStep, recordedEvents: record.changed, rewrittenTwice: rewritten - events, stepEvents },
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { events: { type: 'string', default: '100000' }, json: { type: 'boolean', default: false } } });
  const result = await measureMigration({ events: Number(values.events) });
  console.log(values.json ? JSON.stringify(result) : result);
}

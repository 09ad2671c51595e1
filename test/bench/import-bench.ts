/**
 * The RunSignup import at scale (issue 8): 10,000 fixture races from the local RunSignup stand-in into
 * DynamoDB Local (in memory) through the synthesized import state machine, run by aws-local-stepfunctions
 * with the real task handlers, as `npm start` runs it. Measures the run's time and races per second, then
 * imports the same pages again and counts what that writes: catalogue items (events, postings, counters)
 * and their write capacity units, from ReturnConsumedCapacity on every write (test/support/write-meter.ts).
 *
 * Runs in a process of its own (handler modules read their configuration once per process):
 *
 *   npx tsx test/bench/import-bench.ts [--races 10000] [--json]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { todayInNewYork } from '#shared/dates';
import { TABLE_NAME_DEFAULT } from '#shared/table';
import { applyHandlerEnvironment } from '../../infra/local/handler-env.ts';
import type { ImportCounts } from '#shared/schemas/import-job';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface ImportRunMeasure {
  readonly ms: number;
  readonly status: string;
  readonly counts: ImportCounts;
  readonly catalogueItemsWritten: number;
  readonly catalogueWriteUnits: number;
  /** Job bookkeeping (job item, lock, seen source ids): written on every run by design. */
  readonly otherWriteUnits: number;
}

export interface ImportBenchResult {
  readonly races: number;
  readonly pageSize: number;
  readonly first: ImportRunMeasure;
  readonly again: ImportRunMeasure;
  readonly loadAtStart: number;
}

export async function measureImport({ races, log = () => undefined }: { races: number; log?: (line: string) => void }): Promise<ImportBenchResult> {
  const loadAtStart = loadavg()[0]!;
  const { startDynamoDbLocal } = await import('../../infra/local/dynamodb-local.ts');
  const { ensureTable } = await import('../../infra/local/table-bootstrap.ts');
  const { startRunSignupStandIn } = await import('../../infra/local/runsignup/stand-in.ts');
  const { fixtureRaces } = await import('../../infra/local/runsignup/fixture-races.ts');
  const { applyHandlerImportEnvironment } = await import('../../infra/local/handler-env.ts');
  const { LOCAL_IMPORT_STATE_MACHINE_ARN, importStateMachineDefinition } = await import('../../infra/local/step-functions/import-definition.ts');

  const today = todayInNewYork();
  // In memory, as the search rows are measured; DynamoDB Local is tied to this process (spawnTied).
  const dynamo = await startDynamoDbLocal();
  const standIn = await startRunSignupStandIn({ races: fixtureRaces({ count: races, today, seed: 8 }) });
  try {
    await ensureTable(dynamo.client, TABLE_NAME_DEFAULT);
    applyHandlerEnvironment({ tableName: TABLE_NAME_DEFAULT, dynamoEndpoint: dynamo.endpoint, logLevel: 'SILENT' });
    applyHandlerImportEnvironment({ runSignupApiUrl: standIn.url, stepFunctionsEndpoint: 'http://127.0.0.1:9', stateMachineArn: LOCAL_IMPORT_STATE_MACHINE_ARN });
    importStateMachineDefinition();
    const { loadImportTaskHandlers, runImportStateMachine } = await import('../../infra/local/step-functions/import-runner.ts');
    const { installWriteMeter } = await import('../support/write-meter.ts');
    const { db } = await import('#lib/dynamo');
    const store = await import('#data/import-job');
    const { RUNSIGNUP_PAGE_SIZE } = await import('#imports/tasks/task-io');
    const handlers = await loadImportTaskHandlers();
    const meter = installWriteMeter(db);
    const options = { from: today, to: addDays(today, 730), limit: 10000, autoVerify: true, mode: 'full' as const };

    const run = async (label: string): Promise<ImportRunMeasure> => {
      meter.reset();
      const started = performance.now();
      const job = await store.createImportJob({ source: 'runsignup', options, startedBy: 'bench', expected: options.limit });
      await (await runImportStateMachine({ jobId: job.id }, { handlers })).result;
      const ms = performance.now() - started;
      const done = (await store.getImportJob(job.id))!;
      log(`${label}: ${(ms / 1000).toFixed(1)} s, ${done.status}, ${JSON.stringify(done.counts)}`);
      return {
        ms,
        status: done.status,
        counts: done.counts,
        catalogueItemsWritten: meter.items.catalogue,
        catalogueWriteUnits: meter.capacityUnits.catalogue,
        otherWriteUnits: meter.capacityUnits.other,
      };
    };
    const first = await run('first import');
    const again = await run('same pages again');
    return { races, pageSize: RUNSIGNUP_PAGE_SIZE, first, again, loadAtStart };
  } finally {
    await standIn.stop();
    await dynamo.stop();
  }
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { races: { type: 'string', default: '10000' }, json: { type: 'boolean', default: false } } });
  const result = await measureImport({ races: Number(values.races), log: (line) => console.error(`· ${line}`) });
  if (values.json) console.log(JSON.stringify(result));
  else {
    const { first, again } = result;
    console.log(
      `${result.races} races in ${(first.ms / 1000).toFixed(1)} s (${Math.round(first.counts.fetched / (first.ms / 1000))} races/s read, ` +
        `${first.counts.created} created); again: ${again.catalogueItemsWritten} catalogue items, ${again.catalogueWriteUnits} WCU`,
    );
  }
  process.exit(0);
}

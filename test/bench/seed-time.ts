/**
 * Seed time of a first `npm start` (issue 7 item 9): from a fresh data folder to the whole 2,000-event
 * catalogue readable in DynamoDB Local on disk, as `npm start` runs it. Three ways:
 *
 * - `image`: what `npm start` does after `npm ci` (whose postinstall prepared today's image): copy the
 *   prebuilt table image into the data folder, start DynamoDB Local on it, read the event counter.
 * - `build`: the image is not cached (first start on a later day, or changed code): build it (a child
 *   process writing through the event store into DynamoDB Local on tmpfs), then as `image`.
 * - `direct`: the way before: DynamoDB Local on disk, the table, and the seed written through the event
 *   store (createEventsInBulk) into the on-disk file. Slow (about a minute), so opt-in.
 *
 * Every run records the 1-minute load average at its start: other work on the machine slows DynamoDB Local.
 *
 *   npx tsx test/bench/seed-time.ts [--runs 3] [--events 2000] [--modes image,build,direct]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE_NAME_DEFAULT } from '#shared/table';
import { applyHandlerEnvironment } from '../../infra/local/handler-env.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const SEED_MODES = ['image', 'build', 'direct'] as const;
export type SeedMode = (typeof SEED_MODES)[number];

export interface SeedRun {
  readonly mode: SeedMode;
  readonly events: number;
  /** Fresh data folder to the whole catalogue readable (counter total = events). */
  readonly ms: number;
  /** 1-minute load average when the run started. */
  readonly load: number;
}

const load = () => loadavg()[0]!;

async function counterTotal(client: DynamoDBClient): Promise<number> {
  const { Item } = await client.send(new GetItemCommand({ TableName: TABLE_NAME_DEFAULT, Key: { PK: { S: 'COUNTER' }, SK: { S: 'EVENTS' } } }));
  return Number(Item?.total?.N ?? 0);
}

/** Image modes: this process places the image and starts DynamoDB Local, as infra/local/stack.ts does. */
async function imageRun(mode: 'image' | 'build', events: number, today: string, cacheDir: string): Promise<SeedRun> {
  const { ensureSeedImage, placeSeedImage } = await import('../../infra/local/seed/seed-image.ts');
  const { startDynamoDbLocal } = await import('../../infra/local/dynamodb-local.ts');
  const dir = mkdtempSync(join(tmpdir(), 'racefinder-seed-'));
  const atStart = load();
  const started = performance.now();
  const image = await ensureSeedImage({ count: events, today, cacheDir });
  if ((mode === 'build') !== image.built) throw new Error(`expected the image ${mode === 'build' ? 'to be built' : 'in the cache'}`);
  placeSeedImage(image.path, join(dir, 'dynamodb'));
  const dynamo = await startDynamoDbLocal({ dataDir: join(dir, 'dynamodb'), quickJit: true });
  try {
    const total = await counterTotal(dynamo.client);
    const ms = performance.now() - started;
    if (total !== events) throw new Error(`the image holds ${total} events, not ${events}`);
    return { mode, events, ms, load: atStart };
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The direct way, in a child: the event store reads its endpoint once per process. */
async function directChild(events: number, today: string): Promise<SeedRun> {
  const { startDynamoDbLocal } = await import('../../infra/local/dynamodb-local.ts');
  const { ensureTable } = await import('../../infra/local/table-bootstrap.ts');
  const dir = mkdtempSync(join(tmpdir(), 'racefinder-seed-'));
  const atStart = load();
  const started = performance.now();
  const dynamo = await startDynamoDbLocal({ dataDir: join(dir, 'dynamodb'), quickJit: true });
  try {
    await ensureTable(dynamo.client, TABLE_NAME_DEFAULT);
    applyHandlerEnvironment({ tableName: TABLE_NAME_DEFAULT, dynamoEndpoint: dynamo.endpoint, logLevel: 'ERROR' });
    const { seedEvents } = await import('../../infra/local/seed/seed-events.ts');
    await seedEvents(events, today);
    const total = await counterTotal(dynamo.client);
    if (total !== events) throw new Error(`wrote ${total} events, not ${events}`);
    return { mode: 'direct', events, ms: performance.now() - started, load: atStart };
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function directRun(events: number, today: string): Promise<SeedRun> {
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--child', '--events', String(events), '--today', today], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the direct seed child exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as SeedRun;
}

/** `runs` runs of each mode, on fresh data folders, with a private image cache. */
export async function measureSeedTimes(options: { runs: number; events: number; today: string; modes: readonly SeedMode[]; log?: (line: string) => void }): Promise<SeedRun[]> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'racefinder-seed-images-'));
  const results: SeedRun[] = [];
  try {
    for (let run = 0; run < options.runs; run += 1) {
      for (const mode of options.modes) {
        // 'build' needs an empty cache; 'image' a filled one (built by the previous 'build', or now, untimed).
        if (mode === 'build') rmSync(join(cacheDir), { recursive: true, force: true });
        if (mode === 'image') {
          const { ensureSeedImage } = await import('../../infra/local/seed/seed-image.ts');
          await ensureSeedImage({ count: options.events, today: options.today, cacheDir });
        }
        const result = mode === 'direct' ? await directRun(options.events, options.today) : await imageRun(mode, options.events, options.today, cacheDir);
        options.log?.(`seed ${mode} run ${run + 1}: ${(result.ms / 1000).toFixed(1)} s (load ${result.load.toFixed(1)})`);
        results.push(result);
      }
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      events: { type: 'string', default: '2000' },
      modes: { type: 'string', default: 'build,image' },
      today: { type: 'string' },
      child: { type: 'boolean', default: false },
    },
  });
  const { todayInNewYork } = await import('#shared/dates');
  const today = values.today ?? todayInNewYork();
  if (values.child) {
    console.log(JSON.stringify(await directChild(Number(values.events), today)));
  } else {
    const modes = values.modes.split(',').map((mode) => mode.trim()) as SeedMode[];
    for (const mode of modes) if (!SEED_MODES.includes(mode)) throw new Error(`--modes: unknown ${mode} (${SEED_MODES.join(', ')})`);
    await measureSeedTimes({ runs: Number(values.runs), events: Number(values.events), today, modes, log: (line) => console.error(`· ${line}`) });
  }
  process.exit(0);
}

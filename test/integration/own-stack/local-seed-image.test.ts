/**
 * A first start on disk (npm start) gets its catalogue whole from the prebuilt table image, before the
 * gateway serves anyone, with every data migration recorded as done; a later start keeps the data and migrates
 * what an older version stored (until its seed record is gone). A small catalogue keeps the image build short.
 * One stack per process (handler-env.ts): the later starts run in processes of their own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { EventSearchPageSchema } from '#shared/schemas/search';
import type { LocalStack } from '../../../infra/local/stack.ts';
import { memoryBackedTmp } from '../../support/memory-tmp.ts';
import { DEFAULT_SEED, generateSeedEvents } from '../../../infra/local/seed/generate-events.ts';

const EVENTS = 40;
const generated = generateSeedEvents({ count: EVENTS, today: todayInNewYork(), seed: DEFAULT_SEED });
let workDir: string;
let savedEnv: NodeJS.ProcessEnv;

beforeAll(() => {
  savedEnv = { ...process.env };
  workDir = mkdtempSync(join(memoryBackedTmp(), 'racefinder-seed-image-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
  process.env = savedEnv;
});

async function start(): Promise<LocalStack> {
  const { startLocalStack } = await import('../../../infra/local/stack.ts');
  return startLocalStack({
    port: 0,
    dataDir: join(workDir, 'data'),
    seedEvents: EVENTS,
    seedInBackground: true,
    seedImageDir: join(workDir, 'images'),
    webRoot: false,
    logLevel: 'SILENT',
    printCodes: false,
  });
}

/** Every listed event, page by page, through the gateway. */
async function listed(url: string): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages += 1) {
    const response = await fetch(`${url}/api/events${cursor ? `?cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    const page = EventSearchPageSchema.parse(await response.json());
    count += page.items.length;
    cursor = page.nextCursor;
    if (!cursor) return count;
  }
  throw new Error('too many pages');
}

describe('first start on disk', () => {
  it('serves the whole catalogue from the first request, from the prebuilt image', async () => {
    const { generateSeedEvents, DEFAULT_SEED } = await import('../../../infra/local/seed/generate-events.ts');
    const { localTableState } = await import('../../../infra/local/stack.ts');
    const verified = generateSeedEvents({ count: EVENTS, today: todayInNewYork(), seed: DEFAULT_SEED }).filter((event) => event.verified).length;
    expect(localTableState(join(workDir, 'data'))).toBe('none');

    const stack = await start();
    try {
      expect(stack.seeded).toMatchObject({ events: EVENTS, from: { image: true, built: true } });
      // No background seed: the first page a visitor can ask for already sees every event.
      expect(await listed(stack.url)).toBe(verified);
      expect(readdirSync(join(workDir, 'images')).filter((name) => name.endsWith('.db'))).toHaveLength(1);
      expect(localTableState(join(workDir, 'data'))).toBe('kept');
      // Written by this code: every data migration is recorded as done without running.
      const { listMigrationRecords } = await import('#data/migration-record');
      const { MIGRATIONS } = await import('../../../lambdas/migrations/index.ts');
      expect((await listMigrationRecords()).map(({ id, status, baseline }) => ({ id, status, baseline }))).toEqual(
        MIGRATIONS.map(({ id }) => ({ id, status: 'done', baseline: true })),
      );
    } finally {
      await stack.stop();
    }
    // A later start keeps this data.
    expect(localTableState(join(workDir, 'data'))).toBe('kept');
  });

  it('migrates data kept from before a migration on the next start, and keeps it all', async () => {
    const dataDir = join(workDir, 'data');
    // Loaded after the first start set the handlers' environment; only the ids are read here.
    const { MIGRATIONS } = await import('../../../lambdas/migrations/index.ts');
    const first = await keptStack(dataDir);
    let featured: number;
    try {
      expect(first.lines.filter((line) => line.startsWith('Migrating'))).toEqual([]);
      const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: first.info.dynamoEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
      const partition = async (pk: string) =>
        (await db.send(new QueryCommand({ TableName: first.info.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];
      // As data from before the migrations: no records, and the featured postings of search index layout 5 missing
      // from events whose items say no layout (items recorded theirs only later).
      for (const record of await partition('MIGRATIONS')) await db.send(new DeleteCommand({ TableName: first.info.tableName, Key: { PK: record.PK, SK: record.SK } }));
      const postings = await partition('IDX#FEATURED');
      featured = postings.length;
      expect(featured).toBeGreaterThan(0);
      for (const posting of postings) {
        await db.send(new DeleteCommand({ TableName: first.info.tableName, Key: { PK: posting.PK, SK: posting.SK } }));
        await db.send(new UpdateCommand({ TableName: first.info.tableName, Key: { PK: `EVENT#${String(posting.id)}`, SK: 'EVENT' }, UpdateExpression: 'REMOVE indexVersion' }));
      }
      db.destroy();
    } finally {
      await first.stop();
    }

    const second = await keptStack(dataDir);
    try {
      const migrated = second.lines.filter((line) => line.startsWith('Migrating') && line.includes(': done,'));
      expect(migrated.map((line) => line.split(' ')[4])).toEqual(MIGRATIONS.map(({ id }) => id));
      const home = (await (await fetch(`${second.info.url}/api/home-feed`)).json()) as { featured: unknown[] };
      expect(home.featured.length).toBeGreaterThan(0);
      const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: second.info.dynamoEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
      const { Items } = await db.send(new QueryCommand({ TableName: second.info.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'IDX#FEATURED' } }));
      expect(Items).toHaveLength(featured);
      const records = await db.send(new QueryCommand({ TableName: second.info.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'MIGRATIONS' } }));
      expect(records.Items?.map((record) => [record.SK, record.status, record.baseline])).toEqual(MIGRATIONS.map(({ id }) => [id, 'done', undefined]));
      db.destroy();
      // Still the same catalogue: nothing was seeded again or lost.
      expect(await listed(second.info.url)).toBe(generatedVerified());
    } finally {
      await second.stop();
    }
    // One that finds no record of a finished seed replaces it.
    unlinkSync(join(dataDir, 'seed.json'));
    expect((await import('../../../infra/local/stack.ts')).localTableState(dataDir)).toBe('interrupted');
  });
});

/** The verified events of the generated catalogue: what a visitor lists. */
function generatedVerified(): number {
  return generated.filter((event) => event.verified).length;
}

/** A stack on the kept data folder, in its own process (test/support/kept-stack-process.ts), and what it printed. */
async function keptStack(dataDir: string): Promise<{ info: { url: string; tableName: string; dynamoEndpoint: string }; lines: string[]; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/kept-stack-process.ts', dataDir, join(workDir, 'images'), String(EVENTS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const info = await new Promise<{ url: string; tableName: string; dynamoEndpoint: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The stack process exited with ${code}: ${lines.join('\n')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as { url: string; tableName: string; dynamoEndpoint: string });
      else lines.push(line);
    });
  });
  return {
    info,
    lines,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

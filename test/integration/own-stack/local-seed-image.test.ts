/**
 * A first start on disk (npm start) gets its catalogue whole from the prebuilt table image, before the
 * gateway serves anyone; the data is then current (a later start keeps it) until its seed record is gone.
 * A small catalogue keeps the image build short. One stack per process (handler-env.ts), so one start here.
 */
import { mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { EventSearchPageSchema } from '#shared/schemas/search';
import type { LocalStack } from '../../../infra/local/stack.ts';
import { memoryBackedTmp } from '../../support/memory-tmp.ts';

const EVENTS = 40;
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
      expect(localTableState(join(workDir, 'data'))).toBe('current');
    } finally {
      await stack.stop();
    }
    // A later start keeps this data; one that finds no record of a finished seed replaces it.
    expect(localTableState(join(workDir, 'data'))).toBe('current');
    unlinkSync(join(workDir, 'data', 'seed.json'));
    expect(localTableState(join(workDir, 'data'))).toBe('interrupted');
  }, 180_000);
});

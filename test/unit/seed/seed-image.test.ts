import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DYNAMODB_LOCAL_FILE, placeSeedImage, seedImageKey, seedImagePath } from '../../../infra/local/seed/seed-image.ts';

const work = mkdtempSync(join(tmpdir(), 'racefinder-image-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('seed image cache key', () => {
  const options = { count: 2000, today: '2026-11-23' };

  it('is the same for the same inputs and code', () => {
    expect(seedImageKey(options)).toBe(seedImageKey({ ...options }));
    expect(seedImagePath({ ...options, cacheDir: work })).toBe(join(work, `seed-2026-11-23-2000-${seedImageKey(options)}.db`));
  });

  it('changes with the day, the number of events and the generator seed', () => {
    const key = seedImageKey(options);
    expect(seedImageKey({ ...options, today: '2026-11-24' })).not.toBe(key);
    expect(seedImageKey({ ...options, count: 2001 })).not.toBe(key);
    expect(seedImageKey({ ...options, seed: 1 })).not.toBe(key);
  });
});

describe('placing an image', () => {
  it('replaces the data folder’s database and any journal left beside it', () => {
    const image = join(work, 'image.db');
    writeFileSync(image, 'image');
    const dataDir = join(work, 'dynamodb');
    placeSeedImage(image, dataDir);
    writeFileSync(join(dataDir, `${DYNAMODB_LOCAL_FILE}-journal`), 'half a transaction');
    writeFileSync(join(dataDir, DYNAMODB_LOCAL_FILE), 'old table');
    placeSeedImage(image, dataDir);
    expect(readFileSync(join(dataDir, DYNAMODB_LOCAL_FILE), 'utf8')).toBe('image');
    expect(existsSync(join(dataDir, `${DYNAMODB_LOCAL_FILE}-journal`))).toBe(false);
  });
});

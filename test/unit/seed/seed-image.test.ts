import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DYNAMODB_LOCAL_FILE, findSeedImage, placeSeedImage, seedImageKey, seedImagePath } from '../../../infra/local/seed/seed-image.ts';

const work = mkdtempSync(join(tmpdir(), 'racefinder-image-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('seed image cache key', () => {
  const options = { count: 2000, today: '2026-11-23' };

  it('is the same for the same inputs and code', () => {
    expect(seedImageKey(options)).toBe(seedImageKey({ ...options }));
    expect(seedImagePath({ ...options, cacheDir: work })).toBe(join(work, `seed-2026-11-23-2000-${seedImageKey(options)}.db`));
  });

  it('changes with the number of events and the generator seed; the day is in the file name', () => {
    const key = seedImageKey(options);
    expect(seedImageKey({ ...options, count: 2001 })).not.toBe(key);
    expect(seedImageKey({ ...options, seed: 1 })).not.toBe(key);
    expect(seedImagePath({ ...options, today: '2026-11-24', cacheDir: work })).toBe(join(work, `seed-2026-11-24-2000-${key}.db`));
  });
});

describe('finding a cached image', () => {
  const cacheDir = join(work, 'cache');
  const image = (today: string, count = 2000) => seedImagePath({ count, today, cacheDir });

  it('takes the newest image of this code dated within the last week, never one from the future or older', () => {
    expect(findSeedImage({ count: 2000, today: '2026-11-23', cacheDir })).toBeUndefined();
    mkdirSync(cacheDir, { recursive: true });
    for (const path of [image('2026-11-10'), image('2026-11-16'), image('2026-11-20'), image('2026-11-21', 40), image('2026-11-25')]) writeFileSync(path, '');
    writeFileSync(join(cacheDir, 'seed-2026-11-22-2000-0123456789abcdef.db'), '');
    expect(findSeedImage({ count: 2000, today: '2026-11-23', cacheDir })).toBe(image('2026-11-20'));
    expect(findSeedImage({ count: 2000, today: '2026-11-22', cacheDir })).toBe(image('2026-11-20'));
    expect(findSeedImage({ count: 2000, today: '2026-11-27', cacheDir })).toBe(image('2026-11-25'));
    expect(findSeedImage({ count: 2000, today: '2026-11-17', cacheDir })).toBe(image('2026-11-16'));
    expect(findSeedImage({ count: 2000, today: '2026-11-09', cacheDir })).toBeUndefined();
    expect(findSeedImage({ count: 40, today: '2026-11-28', cacheDir })).toBeUndefined();
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

import { describe, expect, it, vi } from 'vitest';
import { ttlCache } from '#lib/ttl-cache';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('ttlCache', () => {
  it('loads once and serves the same value until the time to live has passed', async () => {
    const time = clock();
    const load = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    const cache = ttlCache(load, 5_000, time.now);
    expect(await cache.get()).toBe('first');
    time.advance(4_999);
    expect(await cache.get()).toBe('first');
    expect(load).toHaveBeenCalledTimes(1);
    time.advance(1);
    expect(await cache.get()).toBe('second');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between callers that ask while it is in flight', async () => {
    let resolve!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((done) => (resolve = done)));
    const cache = ttlCache(load, 5_000);
    const both = Promise.all([cache.get(), cache.get()]);
    resolve('value');
    expect(await both).toEqual(['value', 'value']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load: the next caller tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    const cache = ttlCache(load, 5_000);
    await expect(cache.get()).rejects.toThrow('down');
    expect(await cache.get()).toBe('back');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again after clear, within the time to live', async () => {
    const load = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    const cache = ttlCache(load, 60_000);
    expect(await cache.get()).toBe(1);
    cache.clear();
    expect(await cache.get()).toBe(2);
  });
});

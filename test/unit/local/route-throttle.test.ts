import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE } from '#shared/routes';
import { createRouteThrottle, windowLimits } from '../../../infra/local/throttle.ts';

function clock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

function takeMany(take: () => boolean, count: number): number {
  let passed = 0;
  for (let index = 0; index < count; index++) if (take()) passed += 1;
  return passed;
}

describe('local route throttle', () => {
  it('lets a full burst through, then refuses until the bucket refills at the route rate', () => {
    const time = clock();
    const throttle = createRouteThrottle({ now: time.now });
    const take = () => throttle.take('PATCH /api/me', { rate: 5, burst: 10 });
    expect(takeMany(take, 15)).toBe(10);
    time.advance(199);
    expect(take()).toBe(false);
    time.advance(1);
    expect(take()).toBe(true);
    expect(take()).toBe(false);
    // A long pause refills to the burst, never beyond it.
    time.advance(60_000);
    expect(takeMany(take, 20)).toBe(10);
  });

  it('keeps one bucket per route and uses the default throttle for routes without their own', () => {
    const time = clock();
    const throttle = createRouteThrottle({ now: time.now });
    expect(takeMany(() => throttle.take('PUT /api/me/saved-events/{eventId}', { rate: 10, burst: 20 }), 30)).toBe(20);
    expect(takeMany(() => throttle.take('GET /api/events', undefined), DEFAULT_THROTTLE.burst + 5)).toBe(DEFAULT_THROTTLE.burst);
  });

  it('scales rate and burst together', () => {
    const time = clock();
    const throttle = createRouteThrottle({ now: time.now, scale: 100 });
    const take = () => throttle.take('PATCH /api/me', { rate: 5, burst: 10 });
    expect(takeMany(take, 1_200)).toBe(1_000);
    time.advance(10);
    expect(takeMany(take, 10)).toBe(5);
  });

  it('turns a limit per window into a bucket: the whole window at once, refilled evenly over it', () => {
    const time = clock();
    const throttle = createRouteThrottle({ now: time.now });
    const limits = windowLimits({ requests: 60, windowSeconds: 60 });
    expect(limits).toEqual({ rate: 1, burst: 60 });
    expect(takeMany(() => throttle.take('anonymous 203.0.113.9', limits), 100)).toBe(60);
    time.advance(10_000);
    expect(takeMany(() => throttle.take('anonymous 203.0.113.9', limits), 100)).toBe(10);
  });

  it('forgets refilled buckets once it holds ten thousand, keeping the ones still spent', () => {
    const time = clock();
    const throttle = createRouteThrottle({ now: time.now });
    const limits = { rate: 1, burst: 2 };
    // One caller spends their bucket; ten thousand others make one request each.
    expect(takeMany(() => throttle.take('spent', limits), 3)).toBe(2);
    for (let caller = 0; caller < 10_000; caller++) throttle.take(`caller ${caller}`, limits);
    time.advance(1_500);
    // The sweep runs here: the callers' buckets have refilled and go; the spent one has 1.5 tokens and stays.
    expect(throttle.take('newcomer', limits)).toBe(true);
    expect(takeMany(() => throttle.take('spent', limits), 3)).toBe(1);
  });

  it('refuses a scale that is not positive', () => {
    expect(() => createRouteThrottle({ scale: 0 })).toThrow('positive');
  });
});

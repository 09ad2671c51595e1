/**
 * Strava's rate limits, as the sync worker keeps to them (docs/strava.md "Rate limits"). Strava counts an
 * application's requests in 15-minute windows (starting at :00, :15, :30 and :45) and per day (from midnight UTC),
 * reports both in every answer's X-RateLimit-Limit and X-RateLimit-Usage headers ("100,1000" and "37,412"), and
 * answers 429 past either. The worker stops a little before a limit (RESERVE), waits until the window ends, and on a
 * 429 waits the same way; the message it was working on goes back on the queue with a delay, never dropped.
 */
import type { RateUsage } from './strava-api.ts';

const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
/** The share of a window kept unused: room for the requests other workers already have in flight. */
const RESERVE_SHARE = 0.05;

export function nextQuarterHour(now: Date): Date {
  return new Date(Math.floor(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS);
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
}

const reserve = (limit: number) => Math.max(1, Math.floor(limit * RESERVE_SHARE));

/**
 * When the next request may go, given the usage an answer reported: undefined while both windows have room; the
 * end of the day when the daily limit is (nearly) spent, else the end of the 15-minute window.
 */
export function waitAfter(usage: RateUsage, now: Date): Date | undefined {
  if (usage.limitDay - usage.usageDay <= reserve(usage.limitDay)) return nextUtcMidnight(now);
  if (usage.limit15 - usage.usage15 <= reserve(usage.limit15)) return nextQuarterHour(now);
  return undefined;
}

/** After a 429: the end of whichever window the usage says is spent (the 15-minute one when it says nothing). */
export function waitAfterRefusal(usage: RateUsage | undefined, now: Date): Date {
  if (usage && usage.usageDay >= usage.limitDay) return nextUtcMidnight(now);
  return nextQuarterHour(now);
}

/**
 * The wait cut to at most `maxWaitSeconds` (STRAVA_MAX_WAIT_SECONDS): the local stack's tests set a second or two, so
 * a test of a 429 does not sit out a real window; in AWS it is unset and the window's end is kept.
 */
export function cappedWait(until: Date, now: Date, maxWaitSeconds: number | undefined): Date {
  if (maxWaitSeconds === undefined) return until;
  return new Date(Math.min(until.getTime(), now.getTime() + maxWaitSeconds * 1000));
}

export function maxWaitSecondsFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.STRAVA_MAX_WAIT_SECONDS?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`STRAVA_MAX_WAIT_SECONDS must be a positive number, got ${raw}`);
  return value;
}

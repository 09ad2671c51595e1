/**
 * Strava sync's pure parts: a Strava activity and its streams mapped to the log's entry, the tokens' encryption at
 * rest, the signed OAuth state, and when Strava's rate limits say to wait.
 */
import { describe, expect, it } from 'vitest';
import { activityTypeOfSport, recordedLogOf } from '../../../lambdas/strava/strava-activity.ts';
import { StravaActivitySchema, StravaStreamsSchema, rateUsageOf } from '../../../lambdas/strava/strava-api.ts';
import { stravaKeysOf } from '../../../lambdas/strava/strava-keys.ts';
import { checkState, signState, STATE_LIFETIME_SECONDS } from '../../../lambdas/strava/oauth-state.ts';
import { cappedWait, nextQuarterHour, nextUtcMidnight, waitAfter, waitAfterRefusal } from '../../../lambdas/strava/rate-limits.ts';
import { decryptTokens, encryptTokens, TokenDecryptionError } from '../../../lambdas/strava/token-crypto.ts';

const keys = stravaKeysOf('a-test-secret-of-forty-characters-long!!');

/** 5 km north in 301 samples 5 s apart, heart rate alternating 140 and 160, as Strava's streams (key_by_type) give them. */
function streams(samples = 301) {
  const metres = (index: number) => (5000 * index) / (samples - 1);
  return StravaStreamsSchema.parse({
    time: { data: Array.from({ length: samples }, (_, index) => index * 5) },
    distance: { data: Array.from({ length: samples }, (_, index) => metres(index)) },
    latlng: { data: Array.from({ length: samples }, (_, index) => [40 + metres(index) / 111_195, -105.27]) },
    altitude: { data: Array.from({ length: samples }, () => 1600) },
    heartrate: { data: Array.from({ length: samples }, (_, index) => (index % 2 ? 160 : 140)) },
  });
}

describe('a Strava activity in the log', () => {
  it('names Strava sport types as the log does, the rest other', () => {
    expect(['Run', 'TrailRun', 'VirtualRun'].map(activityTypeOfSport)).toEqual(['running', 'running', 'running']);
    expect(['Ride', 'GravelRide', 'EBikeRide', 'VirtualRide'].map(activityTypeOfSport)).toEqual(['cycling', 'cycling', 'cycling', 'cycling']);
    expect(['Swim', 'WeightTraining', 'Yoga', 'Hike', 'Walk', 'Kitesurf', undefined].map(activityTypeOfSport)).toEqual(['swimming', 'strength', 'yoga', 'other', 'other', 'other', 'other']);
  });

  it('keeps the day on the clock it was recorded on, Strava\'s totals, splits and route from the streams, and its Strava id (past 2^53)', () => {
    const activity = StravaActivitySchema.parse({
      id: '18446744073709551',
      name: 'Evening Tempo',
      sport_type: 'Run',
      // 03:30 UTC on the 2nd is 21:30 on the 1st in Denver (utc_offset -6 h).
      start_date: '2025-06-02T03:30:00Z',
      utc_offset: -21_600,
      distance: 5000,
      moving_time: 1500,
      elapsed_time: 1560,
      total_elevation_gain: 12,
      average_heartrate: 151,
    });
    const log = recordedLogOf(activity, streams());
    expect(log).toMatchObject({ activityType: 'running', logDate: '2025-06-01' });
    expect(log.recording).toMatchObject({
      source: 'strava',
      stravaActivityId: '18446744073709551',
      name: 'Evening Tempo',
      startedAt: '2025-06-02T03:30:00.000Z',
      utcOffsetMinutes: -360,
      distanceMeters: 5000,
      elapsedSeconds: 1560,
      elevationGainMeters: 12,
      avgHeartRate: 151,
    });
    expect(log.recording.splits.km).toEqual([300, 300, 300, 300, 300]);
    expect(log.recording.route!.length).toBeGreaterThan(1);
  });

  it('takes a manual activity without streams from its totals alone', () => {
    const activity = StravaActivitySchema.parse({ id: 7, name: 'Treadmill', sport_type: 'Run', start_date: '2025-06-02T12:00:00Z', utc_offset: 0, distance: 8000, moving_time: 2400, elapsed_time: 2400 });
    const log = recordedLogOf(activity, {});
    expect(log.recording).toMatchObject({ distanceMeters: 8000, movingSeconds: 2400, splits: { km: [], mile: [] } });
    expect(log.recording.route).toBeUndefined();
  });
});

describe('Strava tokens at rest', () => {
  const tokens = { accessToken: 'access-abc', refreshToken: 'refresh-xyz' };

  it('encrypts to a value that names neither token and decrypts only for its owner under its key', () => {
    const stored = encryptTokens(tokens, keys.tokenKey, 'sub-1');
    expect(stored).toMatch(/^t1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(stored).not.toContain('access-abc');
    expect(encryptTokens(tokens, keys.tokenKey, 'sub-1')).not.toBe(stored);
    expect(decryptTokens(stored, keys.tokenKey, 'sub-1')).toEqual(tokens);
    expect(() => decryptTokens(stored, keys.tokenKey, 'sub-2')).toThrow(TokenDecryptionError);
    expect(() => decryptTokens(stored, stravaKeysOf('another-secret-of-forty-characters-long!').tokenKey, 'sub-1')).toThrow(TokenDecryptionError);
  });

  it('refuses a tampered value', () => {
    const [version, nonce, ciphertext, tag] = encryptTokens(tokens, keys.tokenKey, 'sub-1').split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => decryptTokens([version, nonce, flipped.toString('base64url'), tag].join('.'), keys.tokenKey, 'sub-1')).toThrow(TokenDecryptionError);
    expect(() => decryptTokens('t1.abc', keys.tokenKey, 'sub-1')).toThrow(TokenDecryptionError);
  });

  it('derives separate keys and a verify token from one secret, and refuses a short one', () => {
    expect(keys.tokenKey).toHaveLength(32);
    expect(keys.tokenKey.equals(keys.stateKey)).toBe(false);
    expect(keys.verifyToken).toMatch(/^[\w-]{43}$/);
    expect(() => stravaKeysOf('short')).toThrow(/at least 32/);
  });
});

describe('the OAuth state', () => {
  const now = new Date('2025-06-01T12:00:00Z');

  it('comes back good for the person who started, refused for another, after it expires or when altered', () => {
    const state = signState('sub-1', keys.stateKey, now);
    expect(checkState(state, keys.stateKey, 'sub-1', now)).toEqual({ ok: true });
    expect(checkState(state, keys.stateKey, 'sub-2', now)).toMatchObject({ ok: false, reason: expect.stringMatching(/another RaceFinder account/) });
    expect(checkState(state, keys.stateKey, 'sub-1', new Date(now.getTime() + (STATE_LIFETIME_SECONDS + 1) * 1000))).toMatchObject({ ok: false, reason: expect.stringMatching(/expired/) });
    const [version, payload, mac] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'sub-2' })).toString('base64url');
    expect(checkState([version, forged, mac].join('.'), keys.stateKey, 'sub-2', now).ok).toBe(false);
    expect(checkState('s1.x', keys.stateKey, 'sub-1', now).ok).toBe(false);
  });
});

describe("Strava's rate limits", () => {
  const now = new Date('2025-06-01T12:07:30Z');
  const usage = (usage15: number, usageDay: number) => ({ limit15: 100, limitDay: 1000, usage15, usageDay });

  it('reads the headers, the tighter of the overall and read limits', () => {
    const headers = new Headers({ 'x-ratelimit-limit': '200,2000', 'x-ratelimit-usage': '10,100', 'x-readratelimit-limit': '100,1000', 'x-readratelimit-usage': '90,100' });
    expect(rateUsageOf(headers)).toEqual({ limit15: 100, limitDay: 1000, usage15: 90, usageDay: 100 });
    expect(rateUsageOf(new Headers())).toBeUndefined();
  });

  it('waits until the window ends when a limit is nearly spent, the day when the daily one is', () => {
    expect(waitAfter(usage(50, 500), now)).toBeUndefined();
    expect(waitAfter(usage(95, 500), now)).toEqual(new Date('2025-06-01T12:15:00Z'));
    expect(waitAfter(usage(10, 950), now)).toEqual(new Date('2025-06-02T00:00:00Z'));
    expect(waitAfterRefusal(undefined, now)).toEqual(nextQuarterHour(now));
    expect(waitAfterRefusal(usage(10, 1000), now)).toEqual(nextUtcMidnight(now));
    expect(cappedWait(nextUtcMidnight(now), now, 2)).toEqual(new Date('2025-06-01T12:07:32Z'));
    expect(cappedWait(nextQuarterHour(now), now, undefined)).toEqual(nextQuarterHour(now));
  });
});

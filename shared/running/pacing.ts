/**
 * The pacing calculator's rule: any two of distance, time and pace give the third. What the runner typed is
 * parsed (durations.ts), checked against the bounds of a human run (a world record at one end, a slow walk at
 * the other) and solved; each refusal names the field to fix, worded in the runner's unit.
 */
import type { DistanceUnit } from '../units.ts';
import { formatDistanceIn, formatDuration, formatPaceIn, parseDistance, parsePace, parseTime } from './durations.ts';
import { boundingRecord, recordPace } from './world-records.ts';

/** Which of the three the runner asks for. */
export const PACE_TARGETS = ['pace', 'time', 'distance'] as const;
export type PaceTarget = (typeof PACE_TARGETS)[number];
export type PaceField = PaceTarget;

/** What the form holds: the unit, and the text of each field (the one asked for is ignored). */
export interface PaceInput {
  readonly find: PaceTarget;
  readonly unit: DistanceUnit;
  readonly distance: string;
  readonly time: string;
  readonly pace: string;
}

/** A run: how far, how long, and the pace that makes them agree (seconds per km). */
export interface Performance {
  readonly distanceKm: number;
  readonly seconds: number;
  readonly secondsPerKm: number;
}

export type PaceErrors = Partial<Record<PaceField, string>>;
export type PaceOutcome = { readonly ok: true; readonly performance: Performance } | { readonly ok: false; readonly errors: PaceErrors };

export const PACE_LIMITS = {
  /** A 100 m dash is the shortest run the world records cover. */
  minKm: 0.1,
  /** Multi-day races go further, but splits and predictions mean little there. */
  maxKm: 1000,
  maxSeconds: 500 * 3600,
  /** 30 min/km (48:17 /mi) is a slow walk: anything slower is a typo (a time in minutes typed as hours). */
  slowestSecondsPerKm: 30 * 60,
} as const;

const EPSILON = 1e-9;

/**
 * Why a pace is outside what a person runs or walks, or undefined when it is fine. `given`: the runner typed the
 * pace (else it was worked out from their time, which is then the thing to check).
 */
function paceProblem(secondsPerKm: number, distanceKm: number, unit: DistanceUnit, given: boolean): string | undefined {
  const lead = given ? `${formatPaceIn(unit, secondsPerKm)} is` : `That gives a pace of ${formatPaceIn(unit, secondsPerKm)},`;
  const fix = given ? 'check the pace' : 'check the time and distance';
  const record = boundingRecord(distanceKm);
  if (secondsPerKm < recordPace(record) - EPSILON) {
    return `${lead} faster than the world record pace for ${record.name} (${formatPaceIn(unit, recordPace(record))}): ${fix}`;
  }
  if (secondsPerKm > PACE_LIMITS.slowestSecondsPerKm + EPSILON) {
    return `${lead} slower than a walk (${formatPaceIn(unit, PACE_LIMITS.slowestSecondsPerKm)} at most): ${fix}`;
  }
  return undefined;
}

function distanceProblem(km: number, unit: DistanceUnit, given: boolean): string | undefined {
  const lead = given ? 'Enter a distance' : 'That time at this pace covers';
  if (km < PACE_LIMITS.minKm - EPSILON) {
    return given ? `${lead} of at least ${formatDistanceIn(unit, PACE_LIMITS.minKm)}` : `${lead} ${formatDistanceIn(unit, km)}; the calculator starts at ${formatDistanceIn(unit, PACE_LIMITS.minKm)}`;
  }
  if (km > PACE_LIMITS.maxKm + EPSILON) {
    return given ? `${lead} of at most ${formatDistanceIn(unit, PACE_LIMITS.maxKm)}` : `${lead} ${formatDistanceIn(unit, km)}; the calculator goes up to ${formatDistanceIn(unit, PACE_LIMITS.maxKm)}`;
  }
  return undefined;
}

const timeProblem = (seconds: number): string | undefined =>
  seconds > PACE_LIMITS.maxSeconds + EPSILON ? `Enter a time of at most ${PACE_LIMITS.maxSeconds / 3600} hours (${formatDuration(PACE_LIMITS.maxSeconds)})` : undefined;

/** Solves for the field asked for, or says what to fix in the two given. */
export function calculatePace(input: PaceInput): PaceOutcome {
  const { find, unit } = input;
  const errors: PaceErrors = {};
  let distanceKm: number | undefined;
  let seconds: number | undefined;
  let secondsPerKm: number | undefined;

  if (find !== 'distance') {
    const parsed = parseDistance(input.distance, unit);
    const problem = parsed.ok ? distanceProblem(parsed.value, unit, true) : parsed.error;
    if (problem) errors.distance = problem;
    else if (parsed.ok) distanceKm = parsed.value;
  }
  if (find !== 'time') {
    const parsed = parseTime(input.time);
    const problem = parsed.ok ? timeProblem(parsed.value) : parsed.error;
    if (problem) errors.time = problem;
    else if (parsed.ok) seconds = parsed.value;
  }
  if (find !== 'pace') {
    const parsed = parsePace(input.pace, unit);
    if (!parsed.ok) errors.pace = parsed.error;
    else secondsPerKm = parsed.value.secondsPerKm;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  if (find === 'pace') {
    const pace = seconds! / distanceKm!;
    const problem = paceProblem(pace, distanceKm!, unit, false);
    return problem ? { ok: false, errors: { time: problem } } : { ok: true, performance: { distanceKm: distanceKm!, seconds: seconds!, secondsPerKm: pace } };
  }
  if (find === 'time') {
    const problem = paceProblem(secondsPerKm!, distanceKm!, unit, true);
    return problem ? { ok: false, errors: { pace: problem } } : { ok: true, performance: { distanceKm: distanceKm!, seconds: distanceKm! * secondsPerKm!, secondsPerKm: secondsPerKm! } };
  }
  const km = seconds! / secondsPerKm!;
  const problem = paceProblem(secondsPerKm!, km, unit, true);
  if (problem) return { ok: false, errors: { pace: problem } };
  const far = distanceProblem(km, unit, false);
  if (far) return { ok: false, errors: { time: far } };
  return { ok: true, performance: { distanceKm: km, seconds: seconds!, secondsPerKm: secondsPerKm! } };
}

/** Kilometres an hour of a pace. */
export const speedKmh = (secondsPerKm: number): number => 3600 / secondsPerKm;

/**
 * Split tables: the time of each mile or kilometre and the time elapsed at its end, for an even pace and for a
 * negative split (the second half run faster than the first by a share, the total unchanged). Times are
 * rounded to whole seconds at each mark and splits are the differences, so the column adds up to the finish
 * time exactly as shown.
 */
import type { DistanceUnit } from '../units.ts';
import { kmPerUnit } from './durations.ts';

export interface Split {
  /** Where the split ends, in the table's unit from the start (the last may be short of a whole one: 26.22). */
  readonly mark: number;
  readonly splitSeconds: number;
  readonly elapsedSeconds: number;
  /** Shorter than the others: the race's last bit. */
  readonly partial: boolean;
}

/** Elapsed seconds at a point of the race, in km from the start. */
export type PacePlan = (km: number) => number;

/** Tables stay readable on a phone: long races are split every 2, 5, 10... units instead. */
export const MAX_SPLIT_ROWS = 100;
const INTERVALS = [1, 2, 5, 10, 25, 50, 100] as const;

/** How many units each row covers. */
export function splitInterval(distanceKm: number, unit: DistanceUnit): number {
  const units = distanceKm / kmPerUnit(unit);
  return INTERVALS.find((interval) => Math.ceil(units / interval - 1e-9) <= MAX_SPLIT_ROWS) ?? INTERVALS.at(-1)!;
}

/** The same pace all the way. */
export const evenPlan =
  (distanceKm: number, seconds: number): PacePlan =>
  (km) =>
    (seconds * km) / distanceKm;

/** Shares of a negative split the calculator offers; 2% is a common target. */
export const NEGATIVE_SPLIT_CHOICES = [0.01, 0.02, 0.03, 0.05] as const;
export const DEFAULT_NEGATIVE_SPLIT = 0.02;

/** The two halves of a negative split: the second `fasterBy` shorter than the first, together `seconds`. */
export function negativeSplitHalves(seconds: number, fasterBy: number): { first: number; second: number } {
  const first = seconds / (2 - fasterBy);
  return { first, second: seconds - first };
}

/** Each half at its own even pace. */
export function negativeSplitPlan(distanceKm: number, seconds: number, fasterBy: number): PacePlan {
  const { first, second } = negativeSplitHalves(seconds, fasterBy);
  const half = distanceKm / 2;
  return (km) => (km <= half ? (first * km) / half : first + (second * (km - half)) / half);
}

/** The table of a plan: one row per interval of `unit`, and a short last row when the distance ends between marks. */
export function splitsOf(plan: PacePlan, distanceKm: number, seconds: number, unit: DistanceUnit): Split[] {
  const perUnit = kmPerUnit(unit);
  const units = distanceKm / perUnit;
  const interval = splitInterval(distanceKm, unit);
  const marks: number[] = [];
  // A distance a rounding short of a whole mark (13.1 mi through km and back) ends at that mark.
  for (let mark = interval; mark < units - 1e-6; mark += interval) marks.push(mark);
  marks.push(units);
  const splits: Split[] = [];
  let previous = 0;
  marks.forEach((mark, index) => {
    const last = index === marks.length - 1;
    const elapsed = last ? Math.round(seconds) : Math.round(plan(mark * perUnit));
    splits.push({ mark, splitSeconds: elapsed - previous, elapsedSeconds: elapsed, partial: last && Math.abs(mark - (marks[index - 1] ?? 0) - interval) > 1e-6 });
    previous = elapsed;
  });
  return splits;
}

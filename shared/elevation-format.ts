/**
 * A height (a course's climb) in the reader's units: feet for those who read miles, metres for those who read
 * kilometres (shared/units.ts DistanceUnit). A module of its own: the search page's cards show a climb on the first
 * load, which must not carry the rest of the unit helpers.
 */
import { wholeNumbers } from './fee-format.ts';
import type { DistanceUnit } from './units.ts';

export const FEET_PER_METER = 3.28084;

/** Rounded to the whole unit: '1,234 ft', '376 m'. */
export function formatElevation(unit: DistanceUnit, meters: number): string {
  // The cards' formatter, made once (fee-format.ts): a 50-card page formats 50 climbs.
  return unit === 'mi' ? `${wholeNumbers.format(meters * FEET_PER_METER)} ft` : `${wholeNumbers.format(meters)} m`;
}

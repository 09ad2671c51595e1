/**
 * A course's figures in the reader's units: their profile's choice (shared/units.ts), miles and feet for a reader
 * signed out or who has not chosen, as the rest of the site shows distances in miles.
 */
import { formatElevation, FEET_PER_METER } from '#shared/course-elevation';
import { formatDistance, KM_PER_MILE, type DistanceUnit } from '#shared/units';
import { useMe } from '../../lib/use-me.ts';

export function useReaderUnit(): DistanceUnit {
  return useMe().data?.units ?? 'mi';
}

export const courseDistance = (unit: DistanceUnit, meters: number) => formatDistance(unit, meters / 1000);
export const courseHeight = (unit: DistanceUnit, meters: number) => formatElevation(unit, meters);
/** A height as a number in the reader's unit (ft or m), for the chart's axis. */
export const heightIn = (unit: DistanceUnit, meters: number) => (unit === 'mi' ? meters * FEET_PER_METER : meters);
/** A distance as a number in the reader's unit (mi or km), for the chart's axis. */
export const distanceIn = (unit: DistanceUnit, meters: number) => meters / 1000 / (unit === 'mi' ? KM_PER_MILE : 1);

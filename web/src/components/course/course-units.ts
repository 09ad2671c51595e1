/** A course's figures in the reader's units (reader-unit.ts): the event page's and the edit page's words and chart axes. */
import { FEET_PER_METER, formatElevation } from '#shared/elevation-format';
import { formatDistance, kmToMiles, type DistanceUnit } from '#shared/units';

export { useReaderUnit } from './reader-unit.ts';

export const courseDistance = (unit: DistanceUnit, meters: number) => formatDistance(unit, meters / 1000);
export const courseHeight = (unit: DistanceUnit, meters: number) => formatElevation(unit, meters);
/** A height as a number in the reader's unit (ft or m), unrounded, for the chart's axis. */
export const axisHeight = (unit: DistanceUnit, meters: number) => (unit === 'mi' ? meters * FEET_PER_METER : meters);
/**
 * A distance as a number in the reader's unit (mi or km), for the chart's axis: unrounded, unlike shared/units.ts
 * distanceIn (a tenth), which would stack a profile's samples 100 m apart on the same tenth of a mile.
 */
export const axisDistance = (unit: DistanceUnit, meters: number) => (unit === 'mi' ? kmToMiles(meters / 1000) : meters / 1000);

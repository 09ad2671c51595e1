/**
 * How hilly a race course is, by its climb per kilometre (elevation gain in metres over distance in km): the
 * search filter's classes and the card's words. One place for the bounds, so the index (a posting per class,
 * lambdas/data/search-index.ts) and the filter the search page offers never disagree.
 *
 * | class        | gain per km |
 * | flat         | < 5 m       |
 * | rolling      | 5 to < 12 m |
 * | hilly        | 12 to < 25 m|
 * | mountainous  | >= 25 m     |
 */
import { ELEVATION_CLASSES, type ElevationClass } from './elevation-classes.ts';

export { ELEVATION_CLASSES, type ElevationClass };

/** The least metres of gain per km of each class; each ends where the next begins. */
export const ELEVATION_CLASS_MIN_GAIN_PER_KM: Readonly<Record<ElevationClass, number>> = { flat: 0, rolling: 5, hilly: 12, mountainous: 25 };

/** A class's bounds in words, metres per km: 'under 5 m', '5–12 m', '25 m and more'. */
export function elevationBoundsLabel(elevation: ElevationClass): string {
  const low = ELEVATION_CLASS_MIN_GAIN_PER_KM[elevation];
  const next = ELEVATION_CLASSES[ELEVATION_CLASSES.indexOf(elevation) + 1];
  if (next === undefined) return `${low} m and more`;
  const high = ELEVATION_CLASS_MIN_GAIN_PER_KM[next];
  return low === 0 ? `under ${high} m` : `${low}–${high} m`;
}

export const ELEVATION_CLASS_LABELS: Readonly<Record<ElevationClass, string>> = {
  flat: 'Flat',
  rolling: 'Rolling',
  hilly: 'Hilly',
  mountainous: 'Mountainous',
};

/** Metres of climb per km of course; 0 for a course of no length (it cannot climb). */
export function gainPerKm(gainMeters: number, distanceMeters: number): number {
  return distanceMeters > 0 ? gainMeters / (distanceMeters / 1000) : 0;
}

/** The class of a course by its total gain and length. */
export function elevationClassOf(gainMeters: number, distanceMeters: number): ElevationClass {
  const perKm = gainPerKm(gainMeters, distanceMeters);
  return ELEVATION_CLASSES.findLast((elevation) => perKm >= ELEVATION_CLASS_MIN_GAIN_PER_KM[elevation]) ?? 'flat';
}

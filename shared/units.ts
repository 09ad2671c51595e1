/**
 * Distance units: each athlete picks miles or kilometres once (their profile); the API speaks kilometres and
 * every screen converts here, so the two never disagree by a rounding.
 */
export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

export const KM_PER_MILE = 1.609344;

export const kmToMiles = (km: number): number => km / KM_PER_MILE;
export const milesToKm = (miles: number): number => miles * KM_PER_MILE;

/** A distance in kilometres, in the athlete's unit, to 0.1 (spec: distances rounded to 0.1). */
export function distanceIn(unit: DistanceUnit, km: number): number {
  return Math.round((unit === 'mi' ? kmToMiles(km) : km) * 10) / 10;
}

/** What the athlete typed in their unit, as kilometres for the API (kept to the metre). */
export function kmFrom(unit: DistanceUnit, value: number): number {
  return Math.round((unit === 'mi' ? milesToKm(value) : value) * 1000) / 1000;
}

/** '12.4 mi', '20 km'. */
export function formatDistance(unit: DistanceUnit, km: number): string {
  return `${distanceIn(unit, km).toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;
}

/** A pace in minutes per km, in the athlete's unit: '8:57 /mi'. */
export function formatPace(unit: DistanceUnit, minutesPerKm: number): string {
  const perUnit = unit === 'mi' ? minutesPerKm * KM_PER_MILE : minutesPerKm;
  const totalSeconds = Math.round(perUnit * 60);
  return `${Math.floor(totalSeconds / 60)}:${String(totalSeconds % 60).padStart(2, '0')} /${unit}`;
}

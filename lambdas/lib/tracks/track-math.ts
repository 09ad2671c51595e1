/**
 * The arithmetic of a course: distance along the points (haversine), elevation gain and loss from a smoothed
 * profile, and a simplified line (Douglas-Peucker) for the route sketch. Pure functions of the points.
 *
 * Why smoothing: GPS and barometric elevations jitter by a metre or two from point to point, and summing every
 * wiggle makes a flat marathon "climb" hundreds of metres. The profile is resampled every few metres along the
 * course (so dense and sparse recordings weigh the same), averaged over a moving window (SMOOTHING_WINDOW_METERS),
 * and climb is counted only once it exceeds a small threshold from the last turning point (GAIN_THRESHOLD_METERS).
 */
import type { GpxPoint } from './gpx-parse.ts';

/** What the distance and line need of a point (an activity's samples are measured here too). */
type Located = Pick<GpxPoint, 'latitude' | 'longitude'>;
/** What the profile needs of a point. */
interface Elevated {
  readonly elevation?: number | undefined;
}

const EARTH_RADIUS_METERS = 6_371_008.8;
/** Resampling step along the course; longer for very long courses so the profile stays a few thousand samples. */
const MIN_STEP_METERS = 10;
const MAX_SAMPLES = 20_000;
/** Width of the moving average over the resampled elevations. */
export const SMOOTHING_WINDOW_METERS = 100;
/** A climb or descent counts once it is this much from the last turning point (hysteresis). */
export const GAIN_THRESHOLD_METERS = 2;
/** Points of the sketch's line and of the profile chart: plenty for a page, small for an item. */
export const MAX_LINE_POINTS = 400;
export const MAX_PROFILE_POINTS = 400;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle metres between two points. */
export function haversineMeters(a: Located, b: Located): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres from the start at every point. */
export function cumulativeDistances(points: readonly Located[]): number[] {
  const along = [0];
  for (let index = 1; index < points.length; index += 1) {
    along.push((along[index - 1] as number) + haversineMeters(points[index - 1] as Located, points[index] as Located));
  }
  return along;
}

/**
 * Elevations at every point, a point without one taking its neighbours' (linear between the nearest known ones,
 * the nearest one at the ends); undefined when no point has one.
 */
export function filledElevations(points: readonly Elevated[], along: readonly number[]): number[] | undefined {
  const known = points.flatMap((point, index) => (point.elevation === undefined ? [] : [index]));
  if (known.length === 0) return undefined;
  // One pass, `next` the first known point after the one filled: a search per point was quadratic in a file whose
  // points without elevation all come after those with one.
  let next = 0;
  return points.map((point, index) => {
    while (next < known.length && (known[next] as number) <= index) next += 1;
    if (point.elevation !== undefined) return point.elevation;
    const after = known[next];
    const before = next === 0 ? undefined : known[next - 1];
    if (before === undefined) return points[after as number]?.elevation as number;
    if (after === undefined) return points[before]?.elevation as number;
    const span = (along[after] as number) - (along[before] as number);
    const share = span > 0 ? ((along[index] as number) - (along[before] as number)) / span : 0;
    const from = points[before]?.elevation as number;
    return from + share * ((points[after]?.elevation as number) - from);
  });
}

/** Elevation every `step` metres along the course, linear between points: [metres from start, elevation]. */
export function resample(along: readonly number[], elevations: readonly number[], step: number): [number, number][] {
  const total = along.at(-1) ?? 0;
  const samples: [number, number][] = [];
  let segment = 0;
  for (let at = 0; at <= total; at += step) {
    while (segment < along.length - 2 && (along[segment + 1] as number) < at) segment += 1;
    const start = along[segment] as number;
    const end = along[segment + 1] ?? start;
    const share = end > start ? (at - start) / (end - start) : 0;
    const from = elevations[segment] as number;
    const to = elevations[segment + 1] ?? from;
    samples.push([at, from + Math.min(1, Math.max(0, share)) * (to - from)]);
  }
  if ((samples.at(-1)?.[0] ?? -1) < total) samples.push([total, elevations.at(-1) as number]);
  return samples;
}

/** A centred moving average over `radius` samples each side (fewer at the ends). */
export function movingAverage(values: readonly number[], radius: number): number[] {
  const prefix = [0];
  for (const value of values) prefix.push((prefix.at(-1) as number) + value);
  return values.map((_, index) => {
    const from = Math.max(0, index - radius);
    const to = Math.min(values.length - 1, index + radius);
    return ((prefix[to + 1] as number) - (prefix[from] as number)) / (to - from + 1);
  });
}

/** Total climb and descent, counting a change only once it passes `threshold` from the last turning point. */
export function gainAndLoss(elevations: readonly number[], threshold: number = GAIN_THRESHOLD_METERS): { gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  let reference = elevations[0];
  if (reference === undefined) return { gain, loss };
  for (const elevation of elevations) {
    if (elevation - reference >= threshold) {
      gain += elevation - reference;
      reference = elevation;
    } else if (reference - elevation >= threshold) {
      loss += reference - elevation;
      reference = elevation;
    }
  }
  return { gain, loss };
}

export interface SmoothedProfile {
  /** [metres from start, smoothed elevation], evenly spaced. */
  readonly samples: [number, number][];
  readonly gain: number;
  readonly loss: number;
}

/** The smoothed profile of a course and its climb and descent. */
export function smoothedProfile(along: readonly number[], elevations: readonly number[]): SmoothedProfile {
  const total = along.at(-1) ?? 0;
  const step = Math.max(MIN_STEP_METERS, total / MAX_SAMPLES);
  const raw = resample(along, elevations, step);
  const radius = Math.max(1, Math.round(SMOOTHING_WINDOW_METERS / step / 2));
  const smooth = movingAverage(
    raw.map(([, elevation]) => elevation),
    radius,
  );
  const samples = raw.map(([at], index): [number, number] => [at, smooth[index] as number]);
  return { samples, ...gainAndLoss(smooth) };
}

/** Points Douglas-Peucker is given at the most (simplifiedLine). */
export const MAX_SIMPLIFY_INPUT = 2_000;

/** At most `max` evenly picked samples, the first and last always among them. */
export function thinned<T>(values: readonly T[], max: number): T[] {
  if (values.length <= max) return [...values];
  return Array.from({ length: max }, (_, index) => values[Math.round((index * (values.length - 1)) / (max - 1))] as T);
}

type Planar = readonly [number, number];

/** Distance from p to the segment a-b, in the plane. */
function segmentDistance(p: Planar, a: Planar, b: Planar): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Indexes Douglas-Peucker keeps at `tolerance` metres (iterative: a 100k-point track would overflow recursion). */
function douglasPeucker(planar: readonly Planar[], tolerance: number): number[] {
  const keep = new Uint8Array(planar.length);
  keep[0] = 1;
  keep[planar.length - 1] = 1;
  const stack: [number, number][] = [[0, planar.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let farthest = -1;
    let distance = tolerance;
    for (let index = first + 1; index < last; index += 1) {
      const d = segmentDistance(planar[index] as Planar, planar[first] as Planar, planar[last] as Planar);
      if (d > distance) [farthest, distance] = [index, d];
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return Array.from(keep.keys()).filter((index) => keep[index] === 1);
}

/**
 * The line of the course in at most `max` points: Douglas-Peucker in metres (a local flat projection), its
 * tolerance doubled from 5 m until the line fits (or an even pick of the finer line when doubling leaves
 * too little of it); coordinates to 5 decimals (about a metre).
 */
export function simplifiedLine(all: readonly Located[], max: number = MAX_LINE_POINTS): [number, number][] {
  // Douglas-Peucker is quadratic at worst (a crafted zig-zag took 17 s for 20,000 points), and runs once per
  // tolerance: an even pick of the points first bounds the work, and a sketch of at most `max` points loses nothing.
  const points = thinned(all, MAX_SIMPLIFY_INPUT);
  const meanLatitude = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  const metresPerDegree = (Math.PI / 180) * EARTH_RADIUS_METERS;
  const planar = points.map((point): Planar => [point.longitude * metresPerDegree * Math.cos(radians(meanLatitude)), point.latitude * metresPerDegree]);
  let tolerance = 5;
  let kept = douglasPeucker(planar, tolerance);
  let tooMany: number[] | undefined;
  while (kept.length > max) {
    tooMany = kept;
    tolerance *= 2;
    kept = douglasPeucker(planar, tolerance);
  }
  // Many small wiggles (laps of a short loop, a switchback trail) can vanish all at once when the tolerance
  // passes their size, leaving a line that is no sketch of the course: then an even pick of the last finer line.
  if (tooMany && kept.length < max / 4) kept = thinned(tooMany, max);
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return kept.map((index) => [round((points[index] as Located).latitude), round((points[index] as Located).longitude)]);
}

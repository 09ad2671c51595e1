/**
 * The figures a training log keeps of a recorded activity: distance, moving and elapsed time, climb, average heart
 * rate, kilometre and mile splits and a sketch of the route. The device's own totals win where it gives them (it
 * saw every second, and the runner compares with their watch); the samples give the rest. The course arithmetic
 * (lambdas/lib/tracks/track-math.ts) measures the distance, smooths the climb and simplifies the line.
 */
import { cumulativeDistances, filledElevations, simplifiedLine, smoothedProfile } from '#lib/tracks/track-math';
import type { ActivityFigures, ActivitySample, RecordedActivity } from './recorded-activity.ts';

/**
 * Slower than this between two samples is standing still: 0.5 m/s (1.8 km/h) is well under the slowest walk (about
 * 1 m/s) or a steep hike, and above what a standing watch's GPS drifts by (a few tenths of a metre per second).
 */
export const MOVING_SPEED_METERS_PER_SECOND = 0.5;
/** Climb from the samples needs this many with an elevation, and most of them: a few fixes draw no profile. */
const MIN_ELEVATION_SAMPLES = 10;
/** Two heart rate readings further apart than this have a pause or a lost strap between them: the gap is not weighed. */
const MAX_HEART_RATE_GAP_SECONDS = 60;
/** Points of the route sketch. */
export const MAX_ROUTE_POINTS = 200;
const KILOMETRE = 1000;
const MILE = 1609.344;
/** The most the log keeps of a split, in tenths of a second. */
const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

type Positioned = ActivitySample & { readonly latitude: number; readonly longitude: number };
const isPositioned = (sample: ActivitySample): sample is Positioned => sample.latitude !== undefined && sample.longitude !== undefined;

/**
 * Metres from the start at every sample: the device's own count when it gives one (a wheel, a footpod, its filtered
 * GPS), else the GPS fixes measured; a sample without either keeps the last. Counted from the activity's first
 * sample (a multisport watch may count on from the swim into the ride) and never falling back (a count reset by a
 * lap is not a step back). Undefined when no two samples say where or how far.
 */
function distanceSeries(samples: readonly ActivitySample[]): number[] | undefined {
  const counted = samples.filter((sample) => sample.distance !== undefined);
  if (counted.length >= 2) {
    const base = (counted[0] as ActivitySample).distance as number;
    let last = base;
    return samples.map((sample) => (last = Math.max(last, sample.distance ?? last)) - base);
  }
  const positioned = samples.filter(isPositioned);
  if (positioned.length < 2) return undefined;
  const measured = cumulativeDistances(positioned);
  let next = 0;
  let last = 0;
  return samples.map((sample) => {
    if (isPositioned(sample)) last = measured[next++] as number;
    return last;
  });
}

/** Seconds moving up to every sample: each interval counts when its speed is at least the moving speed. */
function movingSeries(samples: readonly ActivitySample[], along: readonly number[]): number[] {
  const moving = [0];
  for (let index = 1; index < samples.length; index += 1) {
    const seconds = ((samples[index] as ActivitySample).time - (samples[index - 1] as ActivitySample).time) / 1000;
    const metres = (along[index] as number) - (along[index - 1] as number);
    const counts = seconds > 0 && metres / seconds >= MOVING_SPEED_METERS_PER_SECOND;
    moving.push((moving[index - 1] as number) + (counts ? seconds : 0));
  }
  return moving;
}

/** Moving seconds of each whole `unit` of distance, the moving time at each crossing interpolated between samples. */
function splitsOf(along: readonly number[], moving: readonly number[], unit: number): number[] {
  const splits: number[] = [];
  const total = along.at(-1) ?? 0;
  let index = 1;
  let previous = 0;
  for (let mark = unit; mark <= total; mark += unit) {
    while ((along[index] as number) < mark) index += 1;
    const from = along[index - 1] as number;
    const to = along[index] as number;
    const share = to > from ? (mark - from) / (to - from) : 1;
    const at = (moving[index - 1] as number) + share * ((moving[index] as number) - (moving[index - 1] as number));
    splits.push(tenths(at - previous));
    previous = at;
  }
  return splits;
}

/** Beats per minute weighed by time: each gap between two readings at the mean of its ends. */
function averageHeartRate(samples: readonly ActivitySample[]): number | undefined {
  const readings = samples.filter((sample) => sample.heartRate !== undefined);
  if (readings.length === 0) return undefined;
  let beats = 0;
  let seconds = 0;
  for (let index = 1; index < readings.length; index += 1) {
    const a = readings[index - 1] as ActivitySample;
    const b = readings[index] as ActivitySample;
    const gap = (b.time - a.time) / 1000;
    if (gap <= 0 || gap > MAX_HEART_RATE_GAP_SECONDS) continue;
    beats += (((a.heartRate as number) + (b.heartRate as number)) / 2) * gap;
    seconds += gap;
  }
  return seconds > 0 ? beats / seconds : readings.reduce((sum, sample) => sum + (sample.heartRate as number), 0) / readings.length;
}

function smoothedGain(samples: readonly ActivitySample[], along: readonly number[] | undefined): number | undefined {
  const withElevation = samples.filter((sample) => sample.elevation !== undefined).length;
  if (!along || withElevation < MIN_ELEVATION_SAMPLES || withElevation < samples.length / 2) return undefined;
  const elevations = filledElevations(samples, along) as number[];
  return smoothedProfile(along, elevations).gain;
}

export function activityFigures(activity: RecordedActivity): ActivityFigures {
  const { samples, totals } = activity;
  const first = samples[0];
  const last = samples.at(-1);
  const sampledSeconds = first && last ? (last.time - first.time) / 1000 : 0;
  const elapsedSeconds = totals.elapsedSeconds ?? (sampledSeconds > 0 ? sampledSeconds : (totals.timerSeconds ?? 0));

  let along = distanceSeries(samples);
  // A series that never leaves the start (a gym session whose watch writes distance 0) is no distance data.
  if (along && (along.at(-1) ?? 0) <= 0) along = undefined;
  const distanceMeters = totals.distanceMeters ?? along?.at(-1) ?? 0;
  // The device's total is the distance shown; the samples' series is stretched to it so the splits add up to it.
  if (along && totals.distanceMeters !== undefined) {
    const scale = totals.distanceMeters / (along.at(-1) as number);
    along = along.map((metres) => metres * scale);
  }

  // A pool swim's distance comes in steps of a length (nothing, then 25 m at the wall), so its intervals say
  // little of when the swimmer moved; without GPS, the watch's timer (stopped for each rest) is its moving time.
  const poolSwim = activity.activityType === 'swimming' && !samples.some(isPositioned) && totals.timerSeconds !== undefined;
  const moving = along && !poolSwim ? movingSeries(samples, along) : undefined;
  const movingSeconds = Math.min(moving?.at(-1) ?? totals.timerSeconds ?? elapsedSeconds, elapsedSeconds || Infinity);

  const gain = totals.ascentMeters ?? smoothedGain(samples, along);
  const heartRate = totals.avgHeartRate ?? averageHeartRate(samples);
  const positioned = samples.filter(isPositioned);
  return {
    activityType: activity.activityType,
    startedAt: activity.startedAt.toISOString(),
    ...(activity.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: activity.utcOffsetMinutes }),
    distanceMeters: Math.round(distanceMeters),
    movingSeconds: Math.round(movingSeconds),
    elapsedSeconds: Math.round(elapsedSeconds),
    ...(gain === undefined ? {} : { elevationGainMeters: Math.round(gain) }),
    ...(heartRate === undefined ? {} : { avgHeartRate: Math.round(heartRate) }),
    splits: along && moving ? { km: splitsOf(along, moving, KILOMETRE), mile: splitsOf(along, moving, MILE) } : { km: [], mile: [] },
    ...(positioned.length >= 2 ? { route: simplifiedLine(positioned, MAX_ROUTE_POINTS) } : {}),
    ...(activity.name ? { name: activity.name } : {}),
  };
}

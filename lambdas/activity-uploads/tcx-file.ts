/**
 * Reads a TCX file (Garmin Training Center XML, which Garmin Connect, Strava and many apps export): one
 * RecordedActivity per <Activity>, its samples from the Trackpoints of its laps, its totals the sums of the laps'
 * TotalTimeSeconds and DistanceMeters. Streamed through saxes as lambdas/lib/tracks/gpx-parse.ts reads GPX: no
 * namespace processing, nothing a DOCTYPE declares is fetched or expanded, nesting and points bounded.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ActivityFileError, NotAnActivityError } from './activity-file-error.ts';
import { activityTypeFromWord } from './activity-type-words.ts';
import { localName } from './file-kind.ts';
import type { ActivitySample, DeviceTotals, RecordedActivity } from '#lib/activities/recorded-activity';

/** Trackpoints in one file at the most: a day of one-second samples is 86,400. Bounds the work and the memory. */
export const MAX_TCX_POINTS = 200_000;
/** TrainingCenterDatabase > Activities > Activity > Lap > Track > Trackpoint > HeartRateBpm > Value, and extensions. */
export const MAX_TCX_DEPTH = 32;
const MAX_HEART_RATE = 250;

const NOT_XML = 'This file is not a TCX file: it is not readable XML.';

interface Lap {
  timeSeconds?: number;
  distanceMeters?: number;
  avgHeartRate?: number;
}

interface Collecting {
  readonly sport: string | undefined;
  id?: number;
  readonly laps: Lap[];
  readonly samples: ActivitySample[];
}

interface Point {
  time?: number;
  latitude?: number;
  longitude?: number;
  elevation?: number;
  distance?: number;
  heartRate?: number;
}

/** The elements whose text is read, by their parent: `Value` means a heart rate only inside a HeartRateBpm. */
type Field = 'id' | 'lapTime' | 'lapDistance' | 'lapHeartRate' | 'time' | 'latitude' | 'longitude' | 'elevation' | 'distance' | 'heartRate';

function fieldOf(local: string, parent: string | undefined, grandparent: string | undefined, inPoint: boolean): Field | undefined {
  if (inPoint) {
    if (parent === 'Trackpoint') {
      if (local === 'Time') return 'time';
      if (local === 'AltitudeMeters') return 'elevation';
      if (local === 'DistanceMeters') return 'distance';
    }
    if (parent === 'Position' && local === 'LatitudeDegrees') return 'latitude';
    if (parent === 'Position' && local === 'LongitudeDegrees') return 'longitude';
    if (parent === 'HeartRateBpm' && local === 'Value') return 'heartRate';
    return undefined;
  }
  if (parent === 'Activity' && local === 'Id') return 'id';
  if (parent === 'Lap' && local === 'TotalTimeSeconds') return 'lapTime';
  if (parent === 'Lap' && local === 'DistanceMeters') return 'lapDistance';
  if (grandparent === 'Lap' && parent === 'AverageHeartRateBpm' && local === 'Value') return 'lapHeartRate';
  return undefined;
}

const finite = (text: string): number | undefined => {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : undefined;
};

function assign(field: Field, text: string, activity: Collecting | undefined, lap: Lap | undefined, point: Point | undefined): void {
  if (field === 'id' && activity) {
    const time = Date.parse(text.trim());
    if (Number.isFinite(time)) activity.id = time;
  } else if (field === 'time' && point) {
    const time = Date.parse(text.trim());
    if (Number.isFinite(time)) point.time = time;
  } else if (field === 'lapTime' && lap) lap.timeSeconds = finite(text);
  else if (field === 'lapDistance' && lap) lap.distanceMeters = finite(text);
  else if (field === 'lapHeartRate' && lap) lap.avgHeartRate = finite(text);
  else if (point) {
    const value = finite(text);
    if (value === undefined) return;
    if (field === 'latitude' && Math.abs(value) <= 90) point.latitude = value;
    else if (field === 'longitude' && Math.abs(value) <= 180) point.longitude = value;
    else if (field === 'elevation') point.elevation = value;
    else if (field === 'distance') point.distance = value;
    else if (field === 'heartRate' && value > 0 && value <= MAX_HEART_RATE) point.heartRate = value;
  }
}

function sampleOf(point: Point): ActivitySample | undefined {
  if (point.time === undefined) return undefined;
  const { time, latitude, longitude, elevation, distance, heartRate } = point;
  return {
    time,
    // A position is both coordinates or none.
    ...(latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {}),
    ...(elevation === undefined ? {} : { elevation }),
    ...(distance === undefined ? {} : { distance }),
    ...(heartRate === undefined ? {} : { heartRate }),
  };
}

/** The laps summed; a lap average heart rate counts only when every lap has one and a time to weigh it by. */
function totalsOf(laps: readonly Lap[]): DeviceTotals {
  const sum = (values: (number | undefined)[]) => (values.some((value) => value !== undefined) ? values.reduce<number>((total, value) => total + (value ?? 0), 0) : undefined);
  const timerSeconds = sum(laps.map((lap) => lap.timeSeconds));
  const distanceMeters = sum(laps.map((lap) => lap.distanceMeters));
  const weighed = laps.every((lap) => lap.avgHeartRate !== undefined && lap.timeSeconds !== undefined) && timerSeconds !== undefined && timerSeconds > 0;
  const avgHeartRate = weighed ? laps.reduce((total, lap) => total + (lap.avgHeartRate as number) * (lap.timeSeconds as number), 0) / timerSeconds : undefined;
  return {
    ...(timerSeconds !== undefined && timerSeconds > 0 ? { timerSeconds } : {}),
    ...(distanceMeters !== undefined && distanceMeters > 0 ? { distanceMeters } : {}),
    ...(avgHeartRate !== undefined && avgHeartRate > 0 ? { avgHeartRate } : {}),
  };
}

function recorded(activity: Collecting, lapStarts: readonly number[]): RecordedActivity | undefined {
  const samples = activity.samples;
  for (let index = 1; index < samples.length; index += 1) {
    if ((samples[index] as ActivitySample).time < (samples[index - 1] as ActivitySample).time) {
      samples.sort((a, b) => a.time - b.time);
      break;
    }
  }
  const startedAt = activity.id ?? lapStarts[0] ?? samples[0]?.time;
  if (startedAt === undefined) return undefined;
  return { activityType: activityTypeFromWord(activity.sport), startedAt: new Date(startedAt), samples, totals: totalsOf(activity.laps) };
}

/** The activities in a TCX document (text), or an ActivityFileError saying why there are none. */
export function readTcxActivities(text: string): RecordedActivity[] {
  const parser = new SaxesParser({ xmlns: false });
  const open: string[] = [];
  const activities: RecordedActivity[] = [];
  let rootSeen = false;
  let hasCourses = false;
  let activity: Collecting | undefined;
  let lapStarts: number[] = [];
  let lap: Lap | undefined;
  let point: Point | undefined;
  let field: Field | undefined;
  let buffer = '';
  let points = 0;

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const local = localName(tag.name);
    if (open.length >= MAX_TCX_DEPTH) throw new ActivityFileError(`This file nests its elements more than ${MAX_TCX_DEPTH} deep, which no TCX activity does.`);
    if (!rootSeen) {
      rootSeen = true;
      if (local !== 'TrainingCenterDatabase') throw new ActivityFileError(`This file is XML but not TCX: its root element is <${tag.name}>, not <TrainingCenterDatabase>.`);
    }
    if (local === 'Courses') hasCourses = true;
    if (local === 'Activity') {
      activity = { sport: tag.attributes['Sport'], laps: [], samples: [] };
      lapStarts = [];
    } else if (local === 'Lap' && activity) {
      lap = {};
      activity.laps.push(lap);
      const start = Date.parse(tag.attributes['StartTime'] ?? '');
      if (Number.isFinite(start)) lapStarts.push(start);
    } else if (local === 'Trackpoint' && activity) {
      point = {};
    } else if (activity) {
      field = fieldOf(local, open.at(-1), open.at(-2), point !== undefined);
      buffer = '';
    }
    open.push(local);
  });
  parser.on('text', (chunk) => {
    if (field) buffer += chunk;
  });
  parser.on('closetag', (tag) => {
    open.pop();
    const local = localName(tag.name);
    if (field) {
      assign(field, buffer, activity, lap, point);
      field = undefined;
    } else if (local === 'Trackpoint' && point && activity) {
      const sample = sampleOf(point);
      if (sample) activity.samples.push(sample);
      point = undefined;
      points += 1;
      if (points > MAX_TCX_POINTS) throw new ActivityFileError(`The file has more than ${MAX_TCX_POINTS.toLocaleString('en-US')} track points, more than a day recorded every second.`);
    } else if (local === 'Lap') {
      lap = undefined;
    } else if (local === 'Activity' && activity) {
      const done = recorded(activity, lapStarts);
      if (done) activities.push(done);
      activity = undefined;
    }
  });

  try {
    // Strava's TCX exports begin with spaces before the XML declaration, which XML allows nowhere else.
    parser.write(text.trimStart()).close();
  } catch (error) {
    if (error instanceof ActivityFileError) throw error;
    const where = /^(?:[^:]*:)?(\d+):(\d+):/.exec((error as Error).message);
    throw new ActivityFileError(where ? `${NOT_XML} The XML breaks at line ${where[1]}.` : NOT_XML);
  }
  if (!rootSeen) throw new ActivityFileError(NOT_XML);
  if (activities.length === 0) {
    if (hasCourses) throw new NotAnActivityError('This TCX file holds a course (a route to follow), not a recorded activity.');
    throw new ActivityFileError('This TCX file has no activity with a time in it (<Activity> with an <Id> or timed <Trackpoint>s).');
  }
  return activities;
}

/**
 * A GPX file as a recorded activity: the course reader (lambdas/lib/tracks/gpx-parse.ts) reads the points, with their
 * times and heart rates; this keeps the timed ones. A GPX without times is a route drawn on a map, not a recording.
 */
import { GpxFileError, parseGpx, type GpxPoint } from '#lib/tracks/gpx-parse';
import { ActivityFileError, NotAnActivityError } from './activity-file-error.ts';
import { activityTypeFromWord } from './activity-type-words.ts';
import type { ActivitySample, RecordedActivity } from '#lib/activities/recorded-activity';

type TimedPoint = GpxPoint & { readonly time: number };

function sampleOf({ time, latitude, longitude, elevation, heartRate }: TimedPoint): ActivitySample {
  return {
    time,
    latitude,
    longitude,
    ...(elevation === undefined ? {} : { elevation }),
    ...(heartRate === undefined ? {} : { heartRate }),
  };
}

function parsed(text: string) {
  try {
    // Spaces before the XML declaration are an exporter's slip that XML refuses; they say nothing.
    return parseGpx(text.trimStart(), 'activity');
  } catch (error) {
    if (error instanceof GpxFileError) throw new ActivityFileError(error.message);
    throw error;
  }
}

/** The activity in a GPX document (text), or an ActivityFileError saying why it holds none. */
export function readGpxActivity(text: string): RecordedActivity {
  const gpx = parsed(text);
  const timed = gpx.points.filter((point): point is TimedPoint => point.time !== undefined);
  if (timed.length < 2) {
    // A route is intact, just not a recording: a Strava export keeps the athlete's planned routes beside the activities.
    throw new NotAnActivityError('This GPX file has no times on its points, so it is a route drawn on a map, not a recorded activity. Export the activity itself from your watch or app.');
  }
  // Tracks of one file are written in order; a file joined from pieces may not be.
  const samples = timed.map(sampleOf).sort((a, b) => a.time - b.time);
  return {
    activityType: activityTypeFromWord(gpx.type),
    startedAt: new Date((samples[0] as ActivitySample).time),
    samples,
    totals: {},
    ...(gpx.name ? { name: gpx.name } : {}),
  };
}

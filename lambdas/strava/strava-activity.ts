/**
 * A Strava activity as the training log keeps it: Strava's sport type named as one of the log's activity types,
 * its streams read into the samples a recorded activity has (the same RecordedActivity a FIT file gives), and
 * from those the same figures, day and recording the activity file import makes (lambdas/activity-uploads), so an
 * activity synced from Strava and the same run uploaded as a file are one entry, measured one way.
 */
import type { ActivityType } from '#shared/schemas/training-log';
import type { RecordedLog } from '#data/training-log';
import { activityFigures } from '#lib/activities/activity-figures';
import type { ActivitySample, RecordedActivity } from '#lib/activities/recorded-activity';
import { logDateOf, recordingOf } from '#lib/activities/recording';
import type { StravaActivity, StravaStreams } from './strava-api.ts';

/**
 * Strava's sport types (SportType in its API reference) by the log's activity types. Walks, hikes and every sport
 * the log has no word for are 'other', as they are for files (activity-type-words.ts).
 */
const SPORT_TYPES: Readonly<Record<string, ActivityType>> = {
  Run: 'running',
  TrailRun: 'running',
  VirtualRun: 'running',
  Ride: 'cycling',
  MountainBikeRide: 'cycling',
  GravelRide: 'cycling',
  EBikeRide: 'cycling',
  EMountainBikeRide: 'cycling',
  VirtualRide: 'cycling',
  Velomobile: 'cycling',
  Handcycle: 'cycling',
  Swim: 'swimming',
  WeightTraining: 'strength',
  Crossfit: 'strength',
  Yoga: 'yoga',
  Pilates: 'yoga',
};

/** The log's activity type of a Strava sport type (or of the older `type`, for an answer that has no sport_type). */
export function activityTypeOfSport(sportType: string | null | undefined): ActivityType {
  return (sportType && SPORT_TYPES[sportType]) || 'other';
}

/** The samples of Strava's streams: one per index of its `time` series (seconds from the start). */
export function samplesOf(startedAt: Date, streams: StravaStreams): ActivitySample[] {
  const time = streams.time?.data ?? [];
  const start = startedAt.getTime();
  return time.map((seconds, index) => {
    const position = streams.latlng?.data[index];
    const elevation = streams.altitude?.data[index];
    const distance = streams.distance?.data[index];
    const heartRate = streams.heartrate?.data[index];
    return {
      time: start + seconds * 1000,
      ...(position ? { latitude: position[0], longitude: position[1] } : {}),
      ...(elevation !== undefined ? { elevation } : {}),
      ...(distance !== undefined ? { distance } : {}),
      ...(heartRate !== undefined ? { heartRate } : {}),
    };
  });
}

/** The activity as a recording device would have given it: Strava's totals are the device's own. */
export function recordedActivityOf(activity: StravaActivity, streams: StravaStreams): RecordedActivity {
  const startedAt = new Date(activity.start_date);
  return {
    activityType: activityTypeOfSport(activity.sport_type ?? activity.type),
    startedAt,
    ...(typeof activity.utc_offset === 'number' ? { utcOffsetMinutes: Math.round(activity.utc_offset / 60) } : {}),
    samples: samplesOf(startedAt, streams),
    totals: {
      distanceMeters: activity.distance,
      timerSeconds: activity.moving_time,
      elapsedSeconds: activity.elapsed_time,
      ...(typeof activity.total_elevation_gain === 'number' ? { ascentMeters: activity.total_elevation_gain } : {}),
      ...(typeof activity.average_heartrate === 'number' ? { avgHeartRate: activity.average_heartrate } : {}),
    },
    ...(activity.name ? { name: activity.name } : {}),
  };
}

/** What saveRecordedLog stores for a Strava activity: its type, its day on the clock it was recorded on, the recording with its Strava id. */
export function recordedLogOf(activity: StravaActivity, streams: StravaStreams, timeZone?: string): RecordedLog {
  const figures = activityFigures(recordedActivityOf(activity, streams));
  return {
    activityType: figures.activityType,
    logDate: logDateOf(figures, timeZone),
    recording: recordingOf(figures, { source: 'strava', stravaActivityId: activity.id }),
  };
}

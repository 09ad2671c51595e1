/**
 * An activity as a watch or phone recorded it (a FIT, GPX or TCX file, or Strava's streams), and the figures a
 * training log keeps of it. The file readers (lambdas/activity-uploads) and Strava's sync (lambdas/strava) produce
 * RecordedActivity; the log stores ActivityFigures (activity-figures.ts works them out). Issue 25,
 * docs/activity-files.md, docs/strava.md.
 */
import type { ActivityType } from '#shared/schemas/training-log';

/** One sample of a recording: a GPS fix, a heart beat reading, or both. */
export interface ActivitySample {
  /** Milliseconds since the epoch. */
  readonly time: number;
  readonly latitude?: number;
  readonly longitude?: number;
  /** Metres above sea level. */
  readonly elevation?: number;
  /** Metres from the start as the device measured them (FIT and TCX give it; a footpod or a pool knows it without GPS). */
  readonly distance?: number;
  /** Beats per minute. */
  readonly heartRate?: number;
}

/** What the device summed up itself (a FIT session, TCX laps): preferred to what the samples give. */
export interface DeviceTotals {
  readonly distanceMeters?: number;
  /** Time the timer ran: elapsed time less auto-pauses. */
  readonly timerSeconds?: number;
  readonly elapsedSeconds?: number;
  readonly ascentMeters?: number;
  readonly avgHeartRate?: number;
}

export interface RecordedActivity {
  readonly activityType: ActivityType;
  readonly startedAt: Date;
  /** Minutes east of UTC of the device's clock at the start, when the file says (FIT's local timestamp). */
  readonly utcOffsetMinutes?: number;
  /** In time order. */
  readonly samples: readonly ActivitySample[];
  readonly totals: DeviceTotals;
  /** The activity's own name, when the file has one (GPX <name>). */
  readonly name?: string;
}

/** What one file gave: its activities, or the reason a person reads for why it gave none. */
export type FileOutcome =
  | { readonly fileName: string; readonly activities: readonly RecordedActivity[] }
  | { readonly fileName: string; readonly error: string };

/** The figures a log entry keeps of an activity. */
export interface ActivityFigures {
  readonly activityType: ActivityType;
  /** ISO 8601 instant (UTC). */
  readonly startedAt: string;
  readonly utcOffsetMinutes?: number;
  readonly distanceMeters: number;
  /** Time spent moving: what pace is worked out from. */
  readonly movingSeconds: number;
  readonly elapsedSeconds: number;
  /** Smoothed climb, metres (the device's own total when it gives one). */
  readonly elevationGainMeters?: number;
  readonly avgHeartRate?: number;
  /** Moving seconds of each whole kilometre and each whole mile, in order (the last part unit is left out). */
  readonly splits: { readonly km: readonly number[]; readonly mile: readonly number[] };
  /** The route, simplified: [latitude, longitude] pairs, at most 200. Absent without GPS. */
  readonly route?: readonly (readonly [number, number])[];
  readonly name?: string;
}

/**
 * What a training-log entry keeps of a recorded activity's figures, wherever it came from (an uploaded file,
 * lambdas/activity-uploads; Strava's sync, lambdas/strava): the day it counts for and the recording.
 */
import { PRODUCT_TIME_ZONE } from '#shared/dates';
import type { Recording } from '#shared/schemas/training-log';
import type { ActivityFigures } from './recorded-activity.ts';

/** The day an activity counts for: on the clock it was recorded on when the file says (FIT), else on the athlete's. */
export function logDateOf(figures: Pick<ActivityFigures, 'startedAt' | 'utcOffsetMinutes'>, timeZone: string | undefined): string {
  const start = Date.parse(figures.startedAt);
  if (figures.utcOffsetMinutes !== undefined) return new Date(start + figures.utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? PRODUCT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(start);
}

/** The recording a log entry keeps of an activity's figures; `origin` says where it came from (a file unless told). */
export function recordingOf({ activityType: _type, route, splits, ...figures }: ActivityFigures, origin: Pick<Recording, 'source' | 'stravaActivityId'> = { source: 'file' }): Recording {
  return {
    ...origin,
    ...figures,
    splits: { km: [...splits.km], mile: [...splits.mile] },
    ...(route ? { route: route.map(([latitude, longitude]): [number, number] => [latitude, longitude]) } : {}),
  };
}

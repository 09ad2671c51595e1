/**
 * The training log as CSV, one rule for the journal's Export Data and the personal data export: distances in both
 * units, so the file reads right whichever one the athlete uses, and what a watch recorded of an imported workout
 * (its start, moving time in seconds, climb and heart rate).
 */
import type { TrainingLog } from '#shared/schemas/training-log';
import { kmToMiles } from '#shared/units';
import type { Row } from './csv-cells.ts';

export const TRAINING_LOG_COLUMNS = [
  'date',
  'activity',
  'distance_km',
  'distance_mi',
  'duration_minutes',
  'effort',
  'pace',
  'notes',
  'started_at',
  'moving_seconds',
  'elevation_gain_m',
  'avg_heart_rate',
] as const;

export function trainingLogRow(log: TrainingLog): Row {
  return {
    date: log.logDate,
    activity: log.activityType,
    distance_km: log.distanceKm,
    distance_mi: log.distanceKm === undefined ? undefined : Math.round(kmToMiles(log.distanceKm) * 100) / 100,
    duration_minutes: log.durationMinutes,
    effort: log.effortLevel,
    pace: log.pace,
    notes: log.notes,
    started_at: log.recording?.startedAt,
    moving_seconds: log.recording === undefined ? undefined : Math.round(log.recording.movingSeconds),
    elevation_gain_m: log.recording?.elevationGainMeters,
    avg_heart_rate: log.recording?.avgHeartRate,
  };
}

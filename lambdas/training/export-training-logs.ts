/**
 * GET /api/me/training-logs/export: the caller's whole log as CSV (the spec's Export Data), distances in
 * kilometres and miles so either reader can use it. Formula-looking notes are neutralized as in every export.
 */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { kmToMiles } from '#shared/units';
import { allTrainingLogPages } from '#data/training-log';
import { createHandler } from '#handler';
import { csvLines } from '#lib/csv-cells';

const COLUMNS = ['date', 'activity', 'distance_km', 'distance_mi', 'duration_minutes', 'effort', 'pace', 'notes'] as const;

export const handler = createHandler(TRAINING_ROUTES.exportTrainingLogs, async ({ caller }) => {
  let csv = '';
  let first = true;
  for await (const logs of allTrainingLogPages(caller.sub)) {
    const rows = logs.map((log) => ({
      date: log.logDate,
      activity: log.activityType,
      distance_km: log.distanceKm,
      distance_mi: log.distanceKm === undefined ? undefined : Math.round(kmToMiles(log.distanceKm) * 100) / 100,
      duration_minutes: log.durationMinutes,
      effort: log.effortLevel,
      pace: log.pace,
      notes: log.notes,
    }));
    csv += csvLines(COLUMNS, rows, first);
    first = false;
  }
  return first ? csvLines(COLUMNS, [], true) : csv;
});

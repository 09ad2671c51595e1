/**
 * GET /api/me/training-logs/export: the caller's whole log as CSV (the spec's Export Data; columns in
 * #lib/training-log-csv). Formula-looking notes are neutralized as in every export.
 */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { allTrainingLogPages } from '#data/training-log';
import { createHandler } from '#handler';
import { csvLines } from '#lib/csv-cells';
import { TRAINING_LOG_COLUMNS, trainingLogRow } from '#lib/training-log-csv';

export const handler = createHandler(TRAINING_ROUTES.exportTrainingLogs, async ({ caller }) => {
  let csv = '';
  let first = true;
  for await (const logs of allTrainingLogPages(caller.sub)) {
    csv += csvLines(TRAINING_LOG_COLUMNS, logs.map(trainingLogRow), first);
    first = false;
  }
  return first ? csvLines(TRAINING_LOG_COLUMNS, [], true) : csv;
});

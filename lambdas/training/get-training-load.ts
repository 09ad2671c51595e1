/**
 * GET /api/me/training-load: the caller's days of load, fitness, fatigue and form, from the log's aggregates. Either
 * end given alone spans DEFAULT_LOAD_DAYS from it; neither, the last DEFAULT_LOAD_DAYS to today (the schema checks a
 * range given whole).
 */
import { addDays, todayInNewYork } from '#shared/dates';
import { TRAINING_ROUTES } from '#shared/routes/training';
import { DEFAULT_LOAD_DAYS } from '#shared/schemas/training-load';
import { readTrainingLoad } from '#data/training-figures';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_ROUTES.getTrainingLoad, async ({ query, caller }) => {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_LOAD_DAYS - 1) : todayInNewYork());
  const from = query.from ?? addDays(to, -(DEFAULT_LOAD_DAYS - 1));
  return readTrainingLoad(caller.sub, from, to);
});

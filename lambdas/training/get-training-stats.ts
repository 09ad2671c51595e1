/** GET /api/me/training-stats: the caller's figures, from the aggregates the log keeps. */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { readTrainingStats } from '#data/training-figures';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_ROUTES.getTrainingStats, async ({ caller }) => readTrainingStats(caller.sub));

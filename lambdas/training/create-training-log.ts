/** POST /api/me/training-logs: log a workout for the caller. */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { createTrainingLog } from '#data/training-log';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_ROUTES.createTrainingLog, async ({ body, caller }) => createTrainingLog(caller.sub, body));

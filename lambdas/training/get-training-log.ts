/** GET /api/me/training-logs/{id}: one of the caller's workouts, with its recorded route (the key is theirs, so another's is a 404). */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { getTrainingLog } from '#data/training-log';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_ROUTES.getTrainingLog, async ({ path, caller }) => getTrainingLog(caller.sub, path.id));

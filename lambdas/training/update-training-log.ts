/** PATCH /api/me/training-logs/{id}: change one of the caller's workouts (the key is theirs, so another's is a 404). */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { updateTrainingLog } from '#data/training-log';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_ROUTES.updateTrainingLog, async ({ path, body, caller }) => updateTrainingLog(caller.sub, path.id, body));

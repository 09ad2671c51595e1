/** DELETE /api/me/training-logs/{id}: delete one of the caller's workouts. */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { deleteTrainingLog } from '#data/training-log';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_ROUTES.deleteTrainingLog, async ({ path, caller }) => {
  await deleteTrainingLog(caller.sub, path.id);
  return undefined;
});

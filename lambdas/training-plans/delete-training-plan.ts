/** DELETE /api/me/training-plans/{id}: delete one of the caller's plans. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { deleteTrainingPlan } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.deleteTrainingPlan, async ({ path, caller }) => {
  await deleteTrainingPlan(caller.sub, path.id);
  return undefined;
});

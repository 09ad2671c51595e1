/** GET /api/me/training-plans/{id}: one of the caller's plans (the key is theirs: another's is a 404). */
import { todayInNewYork } from '#shared/dates';
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { getTrainingPlan } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.getTrainingPlan, async ({ path, caller }) => getTrainingPlan(caller.sub, path.id, todayInNewYork()));

/** POST /api/me/training-plans/{id}/start: make the plan the one Today follows. */
import { todayInNewYork } from '#shared/dates';
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { startTrainingPlan } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.startTrainingPlan, async ({ path, caller }) => startTrainingPlan(caller.sub, path.id, todayInNewYork()));

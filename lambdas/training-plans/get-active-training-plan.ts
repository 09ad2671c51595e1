/** GET /api/me/training-plans/active: the plan Today follows, or null. */
import { todayInNewYork } from '#shared/dates';
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { getActiveTrainingPlan } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.getActiveTrainingPlan, async ({ caller }) => ({ plan: await getActiveTrainingPlan(caller.sub, todayInNewYork()) }));

/** GET /api/me/training-plans: the caller's plans. */
import { todayInNewYork } from '#shared/dates';
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { listTrainingPlans } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.listTrainingPlans, async ({ caller }) => ({ items: await listTrainingPlans(caller.sub, todayInNewYork()) }));

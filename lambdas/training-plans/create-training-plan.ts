/** POST /api/me/training-plans: generate a plan from the caller's log and answers, and save it. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { createTrainingPlan } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.createTrainingPlan, async ({ body, caller }) => createTrainingPlan(caller.sub, body, caller.profile.units ?? 'km'));

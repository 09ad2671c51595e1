/**
 * GET /api/me/training-plans/{id}: one of the caller's plans (the key is theirs: another's is a 404), with its
 * race's date now when the race it was made for has moved.
 */
import { todayInNewYork } from '#shared/dates';
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { withRaceNow } from '#data/race-plan';
import { getTrainingPlan } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.getTrainingPlan, async ({ path, caller }) => withRaceNow(caller, await getTrainingPlan(caller.sub, path.id, todayInNewYork())));

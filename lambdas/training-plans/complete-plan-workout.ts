/** POST /api/me/training-plans/{id}/workouts/{date}/complete: log the day's planned workout and mark it done. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { completePlanWorkout } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.completePlanWorkout, async ({ path, caller }) => completePlanWorkout(caller.sub, path.id, path.date, caller.profile.units ?? 'km'));

/**
 * GET /api/me/training-plans/{id}/workouts/{date}.fit: one day's workout of the caller's plan as a FIT workout file
 * for a watch (another athlete's plan, a rest day or a day outside the plan is a 404).
 */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { readPlan } from '#data/training-plan';
import { createHandler } from '#handler';
import { workoutFile } from './workout-files.ts';

export const handler = createHandler(TRAINING_PLANS_ROUTES.getPlanWorkoutFile, async ({ path, caller }) => {
  const { plan } = await readPlan(caller.sub, path.id);
  return workoutFile(path.id, plan, path.date, caller.profile.units ?? 'km', new Date());
});

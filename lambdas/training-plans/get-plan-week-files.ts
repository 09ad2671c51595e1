/**
 * GET /api/me/training-plans/{id}/weeks/{weekStart}.zip: a week of the caller's plan as a ZIP of FIT workout files,
 * one per workout (another athlete's plan, or a Monday no week of the plan starts on, is a 404).
 */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { readPlan } from '#data/training-plan';
import { createHandler } from '#handler';
import { weekArchive } from './workout-files.ts';

export const handler = createHandler(TRAINING_PLANS_ROUTES.getPlanWeekFiles, async ({ path, caller }) => {
  const { plan } = await readPlan(caller.sub, path.id);
  return weekArchive(path.id, plan, path.weekStart, caller.profile.units ?? 'km', new Date());
});

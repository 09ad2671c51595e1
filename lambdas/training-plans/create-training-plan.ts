/**
 * POST /api/me/training-plans: generate a plan from the caller's log and answers, and save it; for a distance and
 * date of their own, or for a listed race, whose date and distance the server reads from the race.
 */
import { ownPlanRequest } from '#shared/schemas/training-plan';
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { createRacePlan } from '#data/race-plan';
import { createTrainingPlan } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.createTrainingPlan, async ({ body, caller }) => {
  const unit = caller.profile.units ?? 'km';
  const race = body.race;
  if (race) return createRacePlan(caller, { ...body, race }, unit);
  // The body schema lets no request through with neither a race nor a distance of the athlete's own.
  return createTrainingPlan(caller.sub, ownPlanRequest(body)!, unit);
});

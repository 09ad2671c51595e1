/** POST /api/me/training-plans/{id}/adjustments: an adjusted plan from the real log, as a diff to accept. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { proposeAdjustment } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.proposePlanAdjustment, async ({ path, body, caller }) => proposeAdjustment(caller.sub, path.id, body, caller.profile.units ?? 'km'));

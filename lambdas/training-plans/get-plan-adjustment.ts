/** GET /api/me/training-plans/{id}/adjustments/{adjustmentId}: an adjustment waiting for the athlete's answer. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { readAdjustment } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.getPlanAdjustment, async ({ path, caller }) => readAdjustment(caller.sub, path.id, path.adjustmentId));

/** POST /api/me/training-plans/{id}/adjustments/{adjustmentId}/accept: apply an adjustment the athlete accepted. */
import { todayInNewYork } from '#shared/dates';
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { acceptAdjustment } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.acceptPlanAdjustment, async ({ path, caller }) => acceptAdjustment(caller.sub, path.id, path.adjustmentId, todayInNewYork()));

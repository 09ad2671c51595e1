/** DELETE /api/me/training-plans/{id}/adjustments/{adjustmentId}: decline an adjustment. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { declineAdjustment } from '#data/training-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.declinePlanAdjustment, async ({ path, caller }) => {
  await declineAdjustment(caller.sub, path.id, path.adjustmentId);
  return undefined;
});

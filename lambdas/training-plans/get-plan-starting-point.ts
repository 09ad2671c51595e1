/** GET /api/me/training-plans/starting-point: the log's last 4 weeks as a new plan would use them, for the plan form to show. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { readHistory } from '#data/training-history';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.getPlanStartingPoint, async ({ caller }) => {
  const { today, history } = await readHistory(caller.sub);
  return { today, history: history ?? null };
});

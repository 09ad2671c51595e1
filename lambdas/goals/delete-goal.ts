/** DELETE /api/me/goals/{id}: delete one of the caller's goals. */
import { GOALS_ROUTES } from '#shared/routes/goals';
import { deleteGoal } from '#data/training-goal';
import { createHandler } from '#handler';

export const handler = createHandler(GOALS_ROUTES.deleteGoal, async ({ path, caller }) => {
  await deleteGoal(caller.sub, path.id);
  return undefined;
});

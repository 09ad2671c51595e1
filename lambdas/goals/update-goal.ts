/** PATCH /api/me/goals/{id}: edit, complete or reopen one of the caller's goals. */
import { GOALS_ROUTES } from '#shared/routes/goals';
import { updateGoal } from '#data/training-goal';
import { createHandler } from '#handler';

export const handler = createHandler(GOALS_ROUTES.updateGoal, async ({ path, body, caller }) => updateGoal(caller.sub, path.id, body));

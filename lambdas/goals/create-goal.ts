/** POST /api/me/goals: set a goal for the caller. */
import { GOALS_ROUTES } from '#shared/routes/goals';
import { createGoal } from '#data/training-goal';
import { createHandler } from '#handler';

export const handler = createHandler(GOALS_ROUTES.createGoal, async ({ body, caller }) => createGoal(caller.sub, body));

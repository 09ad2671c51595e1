/** GET /api/me/goals: the caller's goals with progress. */
import { GOALS_ROUTES } from '#shared/routes/goals';
import { listGoals } from '#data/training-goal';
import { createHandler } from '#handler';

export const handler = createHandler(GOALS_ROUTES.listGoals, async ({ caller }) => ({ items: await listGoals(caller.sub) }));

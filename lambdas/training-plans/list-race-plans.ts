/** GET /api/me/race-plans/{eventId}: the caller's plans for one race they may see, each saying when the race moved. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { listRacePlans } from '#data/race-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.listRacePlans, async ({ path, caller }) => ({ items: await listRacePlans(caller, path.eventId) }));

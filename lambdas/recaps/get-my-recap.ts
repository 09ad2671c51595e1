/** GET /api/events/{id}/recaps/mine: the caller's recap of the race, or null. */
import { RECAPS_ROUTES } from '#shared/routes/recaps';
import { getMyRecap } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(RECAPS_ROUTES.getMyRaceRecap, async ({ path, caller }) => getMyRecap(caller.sub, path.id));

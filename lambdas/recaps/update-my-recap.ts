/** PUT /api/events/{id}/recaps/mine: edit the caller's recap. */
import { RECAPS_ROUTES } from '#shared/routes/recaps';
import { updateMyRecap } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(RECAPS_ROUTES.updateMyRaceRecap, async ({ path, body, caller }) => updateMyRecap(caller.sub, path.id, body));

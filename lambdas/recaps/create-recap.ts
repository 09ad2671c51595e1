/** POST /api/events/{id}/recaps: write the recap of a race on or after race day, once. */
import { RECAPS_ROUTES } from '#shared/routes/recaps';
import { createRecap } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(RECAPS_ROUTES.createRaceRecap, async ({ path, body, caller }) => createRecap(caller.sub, path.id, body));

/** GET /api/recaps/{id}: a recap's page; signed in, whether it is the caller's. */
import { RECAPS_ROUTES } from '#shared/routes/recaps';
import { getRecap } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(RECAPS_ROUTES.getRaceRecap, async ({ path, caller }) => getRecap(path.id, caller));

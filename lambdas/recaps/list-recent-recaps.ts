/** GET /api/recaps: recent recaps across races, optionally in one state. */
import { RECAPS_ROUTES } from '#shared/routes/recaps';
import { listRecentRecaps } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(RECAPS_ROUTES.listRecentRaceRecaps, async ({ query }) => listRecentRecaps(query));

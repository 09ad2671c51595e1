/** GET /api/spotlights: the recaps admins featured. */
import { RECAPS_ROUTES } from '#shared/routes/recaps';
import { listSpotlightRecaps } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(RECAPS_ROUTES.listAthleteSpotlights, async ({ query }) => listSpotlightRecaps(query.cursor));

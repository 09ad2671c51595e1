/** GET /api/me/promotions: the caller's promotions, newest first; the partition is always the caller's. */
import { PROMOTIONS_ROUTES } from '#shared/routes/promotions';
import { listOrganizerPromotions } from '#data/promotion-store';
import { createHandler } from '#handler';

export const handler = createHandler(PROMOTIONS_ROUTES.listMyPromotions, async ({ query, caller }) => listOrganizerPromotions(caller.sub, query.cursor));

/** POST /api/admin/promotions/{id}/decision: approve (live in search) or reject (refunded through Stripe), with notes. */
import { ADMIN_PROMOTIONS_ROUTES } from '#shared/routes/admin-promotions';
import { decidePromotion } from '#data/promotion-review';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_PROMOTIONS_ROUTES.decidePromotion, async ({ path, body, caller }) =>
  decidePromotion(path.id, { ...body, reviewerId: caller.sub }),
);

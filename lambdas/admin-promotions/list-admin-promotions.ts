/** GET /api/admin/promotions?status=: one review queue with its total. */
import { ADMIN_PROMOTIONS_ROUTES } from '#shared/routes/admin-promotions';
import { listPromotionQueue } from '#data/promotion-store';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_PROMOTIONS_ROUTES.listAdminPromotions, async ({ query }) => listPromotionQueue(query.status, query.cursor));

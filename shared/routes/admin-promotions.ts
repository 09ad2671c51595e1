/** Promotions, the admin's side: the review queues and the decision (approval activates, rejection refunds). */
import { AdminPromotionsPageSchema, AdminPromotionsQuerySchema, PromotionDecisionBodySchema, PromotionPathSchema, PromotionSchema } from '../schemas/promotion.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_PROMOTIONS_ROUTES = defineRoutes({
  listAdminPromotions: {
    method: 'GET',
    path: '/api/admin/promotions',
    access: 'admin',
    data: 'read',
    handler: 'admin-promotions/list-admin-promotions',
    request: { query: AdminPromotionsQuerySchema },
    response: AdminPromotionsPageSchema,
    summary: 'Promotions in one queue (in review by default, oldest first), with the queue total',
  },
  decidePromotion: {
    method: 'POST',
    path: '/api/admin/promotions/{id}/decision',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-promotions/decide-promotion',
    request: { path: PromotionPathSchema, body: PromotionDecisionBodySchema },
    response: PromotionSchema,
    throttle: { rate: 5, burst: 10 },
    summary: 'Approve a paid promotion (it goes live in search) or reject it (Stripe refunds the payment), with notes',
  },
});

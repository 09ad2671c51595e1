/** Promotions, the organizer's side: buy one for an event they own, follow its payment and review. */
import {
  CreatePromotionBodySchema,
  CreatePromotionResponseSchema,
  MyPromotionsQuerySchema,
  PromotionPathSchema,
  PromotionSchema,
  PromotionsPageSchema,
} from '../schemas/promotion.ts';
import { defineRoutes } from './define.ts';

export const PROMOTIONS_ROUTES = defineRoutes({
  createPromotion: {
    method: 'POST',
    path: '/api/promotions',
    access: 'organizer',
    data: 'read-write',
    handler: 'promotions/create-promotion',
    request: { body: CreatePromotionBodySchema },
    response: CreatePromotionResponseSchema,
    status: 201,
    throttle: { rate: 2, burst: 5 },
    summary: 'Price a promotion of an event the caller owns (server-side), open a Stripe Checkout Session, answer its URL',
  },
  getPromotion: {
    method: 'GET',
    path: '/api/promotions/{id}',
    access: 'organizer',
    data: 'read',
    handler: 'promotions/get-promotion',
    request: { path: PromotionPathSchema },
    response: PromotionSchema,
    summary: 'One promotion, to its organizer or an admin (the payment return page asks how the payment went)',
  },
  listMyPromotions: {
    method: 'GET',
    path: '/api/me/promotions',
    access: 'organizer',
    data: 'read',
    handler: 'promotions/list-my-promotions',
    request: { query: MyPromotionsQuerySchema },
    response: PromotionsPageSchema,
    summary: "The caller's promotions, newest first",
  },
});

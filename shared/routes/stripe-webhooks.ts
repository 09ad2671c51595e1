/** Stripe's calls to us: one webhook endpoint, verified by signature rather than by a token. */
import { WebhookAnswerSchema } from '../schemas/promotion.ts';
import { defineRoutes } from './define.ts';

export const STRIPE_WEBHOOKS_ROUTES = defineRoutes({
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    access: 'webhook',
    data: 'read-write',
    handler: 'stripe-webhooks/stripe-webhook',
    // No body schema: the signature covers the raw bytes, which the handler verifies before parsing.
    request: {},
    response: WebhookAnswerSchema,
    throttle: { rate: 20, burst: 50 },
    summary: 'Stripe events, signature-verified on the raw body: payments, expiries and refunds of promotions (idempotent, never backwards)',
  },
});

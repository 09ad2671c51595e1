/**
 * POST /api/stripe/webhook: Stripe's events. The signature is verified on the raw body before anything else
 * (a forgery is a 400 and changes nothing); a verified event is applied idempotently and never moves a
 * promotion backwards (lambdas/data/promotion-payments.ts). A verified event we must refuse (unknown promotion,
 * wrong session, amount or currency) is a 422 counted in WebhookFailures, which an alarm watches.
 */
import { WEBHOOK_FAILURES_METRIC } from '#shared/operations-metrics';
import { STRIPE_WEBHOOKS_ROUTES } from '#shared/routes/stripe-webhooks';
import { WebhookRefusedError, applyStripeEvent } from '#data/promotion-payments';
import { logger } from '#lib/logger';
import { countMetric } from '#lib/metrics';
import { stripeWebhookSecret, verifyWebhookRequest } from '#lib/stripe';
import { createHandler } from '#handler';

export const handler = createHandler(STRIPE_WEBHOOKS_ROUTES.stripeWebhook, async ({ rawBody, headers }) => {
  // rawBody is already decoded from base64 by the wrapper; verify exactly those bytes.
  const event = verifyWebhookRequest({ body: rawBody, isBase64Encoded: false, headers }, await stripeWebhookSecret());
  try {
    const effect = await applyStripeEvent(event);
    logger.info('stripe webhook', { eventId: event.id, type: event.type, effect });
    return { received: true as const, effect };
  } catch (error) {
    countMetric(WEBHOOK_FAILURES_METRIC);
    if (error instanceof WebhookRefusedError) logger.warn('stripe webhook refused', { eventId: event.id, type: event.type, reason: error.reason });
    throw error;
  }
});

/**
 * POST /api/newsletter-subscriptions: signs an address up. The answer is the same 202 whether the address was
 * new, on the list already, or sent by a bot that filled the hidden honeypot field (which stores nothing), so
 * the form cannot be used to learn who subscribes.
 */
import { NEWSLETTER_ROUTES } from '#shared/routes/newsletter';
import { subscribeToNewsletter } from '#data/newsletter-subscription';
import { createHandler } from '#handler';
import { logger } from '#lib/logger';

export const handler = createHandler(NEWSLETTER_ROUTES.subscribeToNewsletter, async ({ body, requestId }) => {
  if (body.homepage?.trim()) {
    logger.info('newsletter sign-up caught by the honeypot', { requestId });
  } else {
    const outcome = await subscribeToNewsletter(body.email);
    logger.info('newsletter sign-up', { requestId, outcome });
  }
  return { subscribed: true as const };
});

/**
 * POST /api/newsletter-subscriptions/unsubscribe: the /unsubscribe page's button. A POST, never the link's GET,
 * because mail scanners open links: following one must not take anyone off the list.
 */
import { NEWSLETTER_ROUTES } from '#shared/routes/newsletter';
import { unsubscribeFromNewsletter } from '#data/newsletter-subscription';
import { createHandler } from '#handler';

export const handler = createHandler(NEWSLETTER_ROUTES.unsubscribeFromNewsletter, async ({ body }) => {
  await unsubscribeFromNewsletter(body.token);
  return { unsubscribed: true as const };
});

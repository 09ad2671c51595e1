/**
 * The newsletter: anyone signs up from the footer; the holder of an unsubscribe link's token takes the address
 * off the list from the /unsubscribe page. Both write only the newsletter's partitions ('newsletter' access).
 * The admins' export of active subscribers is a table of the CSV exports (shared/routes/admin-exports.ts).
 */
import {
  SubscribeAnswerSchema,
  SubscribeBodySchema,
  UnsubscribeAnswerSchema,
  UnsubscribeBodySchema,
} from '../schemas/newsletter.ts';
import { defineRoutes } from './define.ts';

export const NEWSLETTER_ROUTES = defineRoutes({
  subscribeToNewsletter: {
    method: 'POST',
    path: '/api/newsletter-subscriptions',
    access: 'public',
    data: 'newsletter',
    handler: 'newsletter/subscribe-to-newsletter',
    request: { body: SubscribeBodySchema },
    response: SubscribeAnswerSchema,
    // Accepted, whatever became of the address: a new one, one already on the list, or a bot's.
    status: 202,
    // Shared by everyone; the per-address limit is WAF's (infra/waf.ts NewsletterRateLimit).
    throttle: { rate: 5, burst: 20 },
    summary: 'Sign an e-mail address up for the newsletter (the same answer whether or not it was on the list)',
  },
  unsubscribeFromNewsletter: {
    method: 'POST',
    path: '/api/newsletter-subscriptions/unsubscribe',
    access: 'public',
    data: 'newsletter',
    handler: 'newsletter/unsubscribe-from-newsletter',
    request: { body: UnsubscribeBodySchema },
    response: UnsubscribeAnswerSchema,
    throttle: { rate: 5, burst: 20 },
    summary: "Take the address an unsubscribe link's token names off the newsletter (404 for a token never issued)",
  },
});

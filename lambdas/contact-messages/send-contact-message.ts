/**
 * POST /api/contact-messages: a message for the RaceFinder team, kept for the admins' inbox. One that fills
 * the honeypot field (hidden from people, filled by bots) gets the same answer and is not kept.
 */
import { CONTACT_MESSAGES_ROUTES } from '#shared/routes/contact-messages';
import { saveContactMessage } from '#data/contact-message';
import { createHandler } from '#handler';
import { logger } from '#lib/logger';

export const handler = createHandler(CONTACT_MESSAGES_ROUTES.sendContactMessage, async ({ body, requestId }) => {
  const { website, ...message } = body;
  if (website?.trim()) {
    logger.info('contact message dropped: honeypot filled', { requestId });
    return { received: true } as const;
  }
  await saveContactMessage(message);
  return { received: true } as const;
});

/**
 * The newsletter sign-up (the footer, spec 000 section 5) and its unsubscribe link. A sign-up answers the same
 * whether the address was new, already subscribed, or caught by the honeypot, so the form reveals nothing about
 * who is on the list; only the holder of a subscriber's unsubscribe token can take them off it.
 */
import * as z from 'zod';

/** 256 random bits, base64url: 43 characters (as a calendar feed's token). */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const NEWSLETTER_EMAIL_MESSAGE = 'Enter a valid e-mail address, like name@example.com.';

/** An e-mail address as typed; trimmed, at most 254 characters (RFC 5321's limit for a path). */
export const NewsletterEmailSchema = z
  .string({ message: NEWSLETTER_EMAIL_MESSAGE })
  .trim()
  .min(1, NEWSLETTER_EMAIL_MESSAGE)
  .max(254, 'An e-mail address has at most 254 characters.')
  .pipe(z.email({ message: NEWSLETTER_EMAIL_MESSAGE }));

/**
 * POST /api/newsletter-subscriptions. `homepage` is the honeypot: the form hides it from people (off screen,
 * out of the tab order, hidden from screen readers), so only a bot that fills every field sends it.
 */
export const SubscribeBodySchema = z.strictObject({
  email: NewsletterEmailSchema,
  homepage: z.string().max(500).optional(),
});
export type SubscribeBody = z.input<typeof SubscribeBodySchema>;

/** The one answer of a sign-up, whatever happened to the address. */
export const SubscribeAnswerSchema = z.object({ subscribed: z.literal(true) });

export const UnsubscribeTokenSchema = z.string().regex(UNSUBSCRIBE_TOKEN_PATTERN, 'This unsubscribe link is not complete. Open the link from the e-mail again.');

/** POST /api/newsletter-subscriptions/unsubscribe. */
export const UnsubscribeBodySchema = z.strictObject({ token: UnsubscribeTokenSchema });
export const UnsubscribeAnswerSchema = z.object({ unsubscribed: z.literal(true) });

/** The figures of the admin Data screen, from the newsletter's counter item. */
export const NewsletterFiguresSchema = z.object({
  /** Addresses that receive the newsletter now. */
  active: z.number().int(),
  /** Addresses that unsubscribed and have not signed up again. */
  unsubscribed: z.number().int(),
});

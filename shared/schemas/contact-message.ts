/**
 * Contact messages: what the contact form sends, and what admins see and change in their inbox (the rules and
 * keys are in ../contact.ts).
 */
import * as z from 'zod';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_STATUSES,
  CONTACT_TOPICS,
} from '../contact.ts';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';

export const ContactTopicSchema = z.enum(CONTACT_TOPICS, { message: 'Please choose what your message is about' });
export const ContactStatusSchema = z.enum(CONTACT_STATUSES, { message: "status must be 'open' or 'handled'" });

/**
 * The form's body. The messages are the ones a person reads under the field. `website` is the honeypot: a
 * field people never see (the form hides it from sight and from assistive technology) and form-filling bots
 * do; a message that fills it is answered like any other and dropped.
 */
export const ContactMessageBodySchema = z.strictObject({
  name: z
    .string({ message: 'Please enter your name' })
    .trim()
    .min(1, 'Please enter your name')
    .max(CONTACT_NAME_MAX, `Your name must be at most ${CONTACT_NAME_MAX} characters`),
  email: z
    .string({ message: 'Please enter your e-mail address' })
    .trim()
    .min(1, 'Please enter your e-mail address')
    .max(CONTACT_EMAIL_MAX, `Your e-mail address must be at most ${CONTACT_EMAIL_MAX} characters`)
    .pipe(z.email({ message: 'Please enter a valid e-mail address, like name@example.com' })),
  topic: ContactTopicSchema,
  message: z
    .string({ message: 'Please write your message' })
    .trim()
    // Stops here when empty: one message under the field, not two.
    .min(1, { message: 'Please write your message', abort: true })
    .min(CONTACT_MESSAGE_MIN, `Please write at least ${CONTACT_MESSAGE_MIN} characters`)
    .max(CONTACT_MESSAGE_MAX, `Your message must be at most ${CONTACT_MESSAGE_MAX} characters`),
  website: z.string().max(500).optional(),
});
export type ContactMessageBody = z.input<typeof ContactMessageBodySchema>;

/** The same answer for every accepted message, kept or dropped as a bot's: nothing tells a bot it was caught. */
export const ContactReceiptSchema = z.object({ received: z.literal(true) });

export const ContactMessageSchema = z.object({
  id: UlidSchema,
  name: z.string(),
  email: z.string(),
  topic: ContactTopicSchema,
  message: z.string(),
  status: ContactStatusSchema,
  createdAt: IsoDateTimeSchema,
  /** When and by whom it was marked handled; absent while open. */
  handledAt: IsoDateTimeSchema.optional(),
  handledBy: z.string().optional(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessagePathSchema = z.strictObject({ id: UlidSchema });

export const ContactMessagesQuerySchema = z.strictObject({
  status: ContactStatusSchema.default('open'),
  cursor: z.string().max(2048, 'cursor is not valid').optional(),
});

export const ContactMessagesPageSchema = z.object({
  items: z.array(ContactMessageSchema),
  nextCursor: z.string().optional(),
  /** Messages no admin has handled yet, from the counter (the inbox's header and badge). */
  openCount: z.number().int().nonnegative(),
});
export type ContactMessagesPage = z.infer<typeof ContactMessagesPageSchema>;

export const ContactMessageUpdateSchema = z.strictObject({ status: ContactStatusSchema });

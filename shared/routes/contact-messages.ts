/** The contact form: anyone, signed in or not, writes to the RaceFinder team (the admins' inbox). */
import { ContactMessageBodySchema, ContactReceiptSchema } from '../schemas/contact-message.ts';
import { defineRoutes } from './define.ts';

export const CONTACT_MESSAGES_ROUTES = defineRoutes({
  sendContactMessage: {
    method: 'POST',
    path: '/api/contact-messages',
    access: 'public',
    // Writes only under the contact partitions (IAM), so a form anyone may send cannot touch anything else.
    data: 'contact',
    handler: 'contact-messages/send-contact-message',
    request: { body: ContactMessageBodySchema },
    response: ContactReceiptSchema,
    status: 202,
    // Shared by every sender (API Gateway's route throttle): people write a few messages a day; a flood waits.
    throttle: { rate: 1, burst: 10 },
    summary: 'Send a message to the RaceFinder team (kept for the admins; one that fills the hidden honeypot field is dropped)',
  },
});

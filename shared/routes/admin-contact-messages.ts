/** The admins' contact inbox: the messages sent through the contact form, and marking them handled. */
import {
  ContactMessagePathSchema,
  ContactMessageSchema,
  ContactMessagesPageSchema,
  ContactMessagesQuerySchema,
  ContactMessageUpdateSchema,
} from '../schemas/contact-message.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_CONTACT_MESSAGES_ROUTES = defineRoutes({
  listContactMessages: {
    method: 'GET',
    path: '/api/admin/contact-messages',
    access: 'admin',
    data: 'read',
    handler: 'admin-contact-messages/list-contact-messages',
    request: { query: ContactMessagesQuerySchema },
    response: ContactMessagesPageSchema,
    summary: 'Contact messages with one status (open by default), newest first, with the count of open ones',
  },
  updateContactMessage: {
    method: 'PATCH',
    path: '/api/admin/contact-messages/{id}',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-contact-messages/update-contact-message',
    request: { path: ContactMessagePathSchema, body: ContactMessageUpdateSchema },
    response: ContactMessageSchema,
    throttle: { rate: 10, burst: 20 },
    summary: 'Mark a contact message handled (kept a year from then) or open again',
  },
});

/** GET /api/admin/contact-messages?status=&cursor=: the inbox, newest first (open by default), with the open count. */
import { ADMIN_CONTACT_MESSAGES_ROUTES } from '#shared/routes/admin-contact-messages';
import { listContactMessages } from '#data/contact-message';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_CONTACT_MESSAGES_ROUTES.listContactMessages, async ({ query }) => listContactMessages(query.status, query.cursor));

/** PATCH /api/admin/contact-messages/{id}: mark a message handled (it expires a year later) or open again. */
import { ADMIN_CONTACT_MESSAGES_ROUTES } from '#shared/routes/admin-contact-messages';
import { setContactMessageStatus } from '#data/contact-message';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_CONTACT_MESSAGES_ROUTES.updateContactMessage, async ({ path, body, caller }) =>
  setContactMessageStatus(path.id, body.status, caller.sub),
);

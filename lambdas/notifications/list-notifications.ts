/** GET /api/me/notifications: the caller's inbox, newest first, 20 a page, with the unread count. */
import { NOTIFICATIONS_ROUTES } from '#shared/routes/notifications';
import { listInbox } from '#data/inbox';
import { createHandler } from '#handler';

export const handler = createHandler(NOTIFICATIONS_ROUTES.listNotifications, async ({ query, caller }) => listInbox(caller.sub, query.cursor));

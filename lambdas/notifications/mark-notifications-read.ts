/** POST /api/me/notifications/read: mark the named items, or all, read (idempotent); answers the unread count. */
import { NOTIFICATIONS_ROUTES } from '#shared/routes/notifications';
import { markRead } from '#data/inbox';
import { createHandler } from '#handler';

export const handler = createHandler(NOTIFICATIONS_ROUTES.markNotificationsRead, async ({ body, caller }) => ({
  unreadCount: await markRead(caller.sub, body),
}));

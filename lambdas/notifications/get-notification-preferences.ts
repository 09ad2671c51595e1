/** GET /api/me/notification-preferences: every kind with the caller's switches, and the site's e-mail switch. */
import { NOTIFICATIONS_ROUTES } from '#shared/routes/notifications';
import { notificationSettings } from '#data/notification-preferences';
import { createHandler } from '#handler';

export const handler = createHandler(NOTIFICATIONS_ROUTES.getNotificationPreferences, async ({ caller }) => notificationSettings(caller.sub));

/** PUT /api/me/notification-preferences: save the caller's switches of the optional kinds; answers the page's view. */
import { NOTIFICATIONS_ROUTES } from '#shared/routes/notifications';
import { notificationSettings, putPreferences } from '#data/notification-preferences';
import { createHandler } from '#handler';

export const handler = createHandler(NOTIFICATIONS_ROUTES.putNotificationPreferences, async ({ body, caller }) => {
  await putPreferences(caller.sub, body.preferences);
  return notificationSettings(caller.sub, body.preferences);
});

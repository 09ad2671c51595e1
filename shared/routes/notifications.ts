/**
 * Notifications (issue 23): the signed-in person's inbox and settings, and the one-click unsubscribe that works
 * without signing in (the e-mail's signed token says who and what). Inbox items are written by the sender,
 * never by these routes.
 */
import {
  InboxPageSchema,
  InboxQuerySchema,
  MarkReadBodySchema,
  NotificationSettingsSchema,
  OneClickBodySchema,
  PreferencesBodySchema,
  UnreadCountSchema,
  UnsubscribeQuerySchema,
  UnsubscribedSchema,
} from '../schemas/inbox.ts';
import { defineRoutes } from './define.ts';

export const NOTIFICATIONS_ROUTES = defineRoutes({
  listNotifications: {
    method: 'GET',
    path: '/api/me/notifications',
    access: 'user',
    data: 'read',
    handler: 'notifications/list-notifications',
    request: { query: InboxQuerySchema },
    response: InboxPageSchema,
    summary: "The caller's inbox, newest first, with the unread count",
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/me/notifications/read',
    access: 'user',
    data: 'read-write',
    handler: 'notifications/mark-notifications-read',
    request: { body: MarkReadBodySchema },
    response: UnreadCountSchema,
    throttle: { rate: 10, burst: 20 },
    summary: 'Mark some or all of the inbox read (idempotent); answers the unread count',
  },
  getNotificationPreferences: {
    method: 'GET',
    path: '/api/me/notification-preferences',
    access: 'user',
    data: 'read',
    handler: 'notifications/get-notification-preferences',
    request: {},
    response: NotificationSettingsSchema,
    summary: 'Where each kind of message goes for the caller, and whether the site sends optional e-mail at all',
  },
  putNotificationPreferences: {
    method: 'PUT',
    path: '/api/me/notification-preferences',
    access: 'user',
    data: 'read-write',
    handler: 'notifications/put-notification-preferences',
    request: { body: PreferencesBodySchema },
    response: NotificationSettingsSchema,
    throttle: { rate: 5, burst: 10 },
    summary: "Save the caller's switches for the optional kinds (what is left out keeps its default)",
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/unsubscribe',
    access: 'public',
    // Writes the token's person's preferences and the token's use, nothing else (infra/data.ts).
    data: 'unsubscribe',
    handler: 'notifications/unsubscribe',
    request: { query: UnsubscribeQuerySchema, body: OneClickBodySchema },
    formBody: true,
    response: UnsubscribedSchema,
    throttle: { rate: 5, burst: 20 },
    summary: "One-click unsubscribe (RFC 8058): switch off the e-mail an unsubscribe link's token names; each token works once",
  },
});

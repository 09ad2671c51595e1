/**
 * The inbox, the notification settings, the e-mail unsubscribe page and the saved searches as one chunk
 * (more-pages.tsx loads this module for each of their paths). Each lazily loaded chunk adds its file names to
 * the public entry's preload map; one chunk for the four keeps the first load inside its budget
 * (test/web/first-load-budget.test.ts), and the four are visited together anyway.
 */
export { default as NotificationsPage, gate as notificationsGate } from '../../features/notifications/pages/notifications-page.tsx';
export { default as NotificationSettingsPage, gate as notificationSettingsGate } from '../../features/notifications/pages/notification-settings-page.tsx';
export { default as NotificationUnsubscribePage } from '../../features/notifications/pages/notification-unsubscribe-page.tsx';
export { default as SavedSearchesPage, gate as savedSearchesGate } from './saved-searches-route.tsx';

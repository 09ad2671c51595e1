/** The notifications area's route table (inbox, settings, unsubscribe), loaded on first call (see ../use-api.ts). */
export const notificationsArea = () => import('#shared/routes/notifications').then((module) => module.NOTIFICATIONS_ROUTES);

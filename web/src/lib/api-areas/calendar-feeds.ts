/** The calendar-feeds area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const calendarFeedsArea = () => import('#shared/routes/calendar-feeds').then((module) => module.CALENDAR_FEEDS_ROUTES);

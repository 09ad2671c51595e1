/** The admin events area's route table, loaded when the admin events screen first calls one of its routes. */
export const adminEventsArea = () => import('#shared/routes/admin-events').then((module) => module.ADMIN_EVENTS_ROUTES);

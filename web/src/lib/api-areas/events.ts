/** The events area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const eventsArea = () => import('#shared/routes/events').then((module) => module.EVENTS_ROUTES);

/** The submitted-events area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const submittedEventsArea = () => import('#shared/routes/submitted-events').then((module) => module.SUBMITTED_EVENTS_ROUTES);

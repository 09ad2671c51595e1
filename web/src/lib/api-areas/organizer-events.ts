/** The organizer events area's route table (create, edit, list one's events), loaded when a page first calls one of its routes (see ../use-api.ts). */
export const organizerEventsArea = () => import('#shared/routes/organizer-events').then((module) => module.ORGANIZER_EVENTS_ROUTES);

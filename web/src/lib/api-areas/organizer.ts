/** The organizer area's route table (the dashboard's tiles), loaded when a page first calls one of its routes (see ../use-api.ts). */
export const organizerArea = () => import('#shared/routes/organizer').then((module) => module.ORGANIZER_ROUTES);

/** The organizer applications area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const organizerApplicationsArea = () => import('#shared/routes/organizer-applications').then((module) => module.ORGANIZER_APPLICATIONS_ROUTES);

/** The admin organizer applications area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const adminOrganizerApplicationsArea = () =>
  import('#shared/routes/admin-organizer-applications').then((module) => module.ADMIN_ORGANIZER_APPLICATIONS_ROUTES);

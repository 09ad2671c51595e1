/** The organizations area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const organizationsArea = () => import('#shared/routes/organizations').then((module) => module.ORGANIZATIONS_ROUTES);

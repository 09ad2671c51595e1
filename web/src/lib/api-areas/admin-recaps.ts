/** The admin recaps area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const adminRecapsArea = () => import('#shared/routes/admin-recaps').then((module) => module.ADMIN_RECAPS_ROUTES);

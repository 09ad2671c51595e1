/** The admin system area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const adminSystemArea = () => import('#shared/routes/admin-system').then((module) => module.ADMIN_SYSTEM_ROUTES);

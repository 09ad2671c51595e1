/** The admin exports area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const adminExportsArea = () => import('#shared/routes/admin-exports').then((module) => module.ADMIN_EXPORTS_ROUTES);

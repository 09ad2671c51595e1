/** The admin imports area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const adminImportsArea = () => import('#shared/routes/admin-imports').then((module) => module.ADMIN_IMPORTS_ROUTES);

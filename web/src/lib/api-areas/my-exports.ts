/** The "Export my data" area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const myExportsArea = () => import('#shared/routes/my-exports').then((module) => module.MY_EXPORTS_ROUTES);

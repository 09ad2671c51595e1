/** The system area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const systemArea = () => import('#shared/routes/system').then((module) => module.SYSTEM_ROUTES);

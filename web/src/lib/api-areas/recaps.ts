/** The recaps area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const recapsArea = () => import('#shared/routes/recaps').then((module) => module.RECAPS_ROUTES);

/** The saved area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const savedArea = () => import('#shared/routes/saved').then((module) => module.SAVED_ROUTES);

/** The training area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const trainingArea = () => import('#shared/routes/training').then((module) => module.TRAINING_ROUTES);

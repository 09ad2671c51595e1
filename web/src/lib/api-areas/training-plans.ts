/** The training plans area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const trainingPlansArea = () => import('#shared/routes/training-plans').then((module) => module.TRAINING_PLANS_ROUTES);

/** The goals area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const goalsArea = () => import('#shared/routes/goals').then((module) => module.GOALS_ROUTES);

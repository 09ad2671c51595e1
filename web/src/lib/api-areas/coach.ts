/** The coach area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const coachArea = () => import('#shared/routes/coach').then((module) => module.COACH_ROUTES);

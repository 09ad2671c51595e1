/** The reviews area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const reviewsArea = () => import('#shared/routes/reviews').then((module) => module.REVIEWS_ROUTES);

/** The admin reviews area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const adminReviewsArea = () => import('#shared/routes/admin-reviews').then((module) => module.ADMIN_REVIEWS_ROUTES);

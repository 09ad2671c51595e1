/** The admin event reviews area's route table (the review queue and the change history), loaded on first call (see ../use-api.ts). */
export const adminEventReviewsArea = () => import('#shared/routes/admin-event-reviews').then((module) => module.ADMIN_EVENT_REVIEWS_ROUTES);

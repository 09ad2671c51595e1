/** The admin promotions area's route table (the review queues), loaded when the promotions screen first calls one of its routes. */
export const adminPromotionsArea = () => import('#shared/routes/admin-promotions').then((module) => module.ADMIN_PROMOTIONS_ROUTES);

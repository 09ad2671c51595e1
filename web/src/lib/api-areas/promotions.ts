/** The promotions area's route table (buy, follow and list promotions), loaded when a page first calls one of its routes (see ../use-api.ts). */
export const promotionsArea = () => import('#shared/routes/promotions').then((module) => module.PROMOTIONS_ROUTES);

/** The analytics area's route table (the beacon, the owner's daily counts), loaded when a page first calls one of its routes (see ../use-api.ts). */
export const analyticsArea = () => import('#shared/routes/analytics').then((module) => module.ANALYTICS_ROUTES);

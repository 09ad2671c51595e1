/** The community area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const communityArea = () => import('#shared/routes/community').then((module) => module.COMMUNITY_ROUTES);

/** The users area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const usersArea = () => import('#shared/routes/users').then((module) => module.USERS_ROUTES);

/** The weather area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const weatherArea = () => import('#shared/routes/weather').then((module) => module.WEATHER_ROUTES);

/** The Strava area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const stravaArea = () => import('#shared/routes/strava').then((module) => module.STRAVA_ROUTES);

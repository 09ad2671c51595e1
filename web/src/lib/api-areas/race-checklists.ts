/** The race-checklists area's route table, loaded when a page first calls one of its routes (see ../use-api.ts). */
export const raceChecklistsArea = () => import('#shared/routes/race-checklists').then((module) => module.RACE_CHECKLISTS_ROUTES);

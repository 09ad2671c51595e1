/** The saved searches area's route table, loaded on first call (see ../use-api.ts). */
export const savedSearchesArea = () => import('#shared/routes/saved-searches').then((module) => module.SAVED_SEARCHES_ROUTES);

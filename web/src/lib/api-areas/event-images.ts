/** The event images area's route table (list, upload, arrange, remove), loaded when the edit page's Images section first calls it (see ../use-api.ts). */
export const eventImagesArea = () => import('#shared/routes/event-images').then((module) => module.EVENT_IMAGES_ROUTES);

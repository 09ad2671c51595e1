/** The courses area's route table (an event's GPX course: read, upload, remove), loaded when a page first calls one of its routes (see ../use-api.ts). */
export const coursesArea = () => import('#shared/routes/courses').then((module) => module.COURSES_ROUTES);

/** GET /api/events/{id}/course: the course of an event the caller may see (public for public events). */
import { COURSES_ROUTES } from '#shared/routes/courses';
import { getCourse } from '#data/event-course';
import { createHandler } from '#handler';

export const handler = createHandler(COURSES_ROUTES.getEventCourse, ({ path, caller }) => getCourse(path.id, caller));

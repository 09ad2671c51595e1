/** DELETE /api/events/{id}/course: the owner (or an admin) removes the event's course. */
import { COURSES_ROUTES } from '#shared/routes/courses';
import { deleteCourse } from '#data/event-course';
import { createHandler } from '#handler';

export const handler = createHandler(COURSES_ROUTES.deleteEventCourse, async ({ path, caller }) => deleteCourse(caller, path.id));

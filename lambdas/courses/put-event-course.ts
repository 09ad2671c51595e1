/** PUT /api/events/{id}/course: the owner's (or an admin's) GPX file, checked and reduced to the course the page shows. */
import { COURSES_ROUTES } from '#shared/routes/courses';
import { putCourse } from '#data/event-course';
import { createHandler } from '#handler';
import { courseFromGpx } from './course-from-gpx.ts';

export const handler = createHandler(COURSES_ROUTES.putEventCourse, async ({ path, body, caller }) => putCourse(caller, path.id, () => courseFromGpx(body)));

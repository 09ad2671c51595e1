/** Race courses (issue 24): an event's GPX course, read by whoever may see the event, set by its owner or an admin. */
import * as z from 'zod';
import { CourseAnswerSchema, CoursePathSchema, GPX_ROUTE_BODY_LIMIT, GpxBodySchema } from '../schemas/course.ts';
import { defineRoutes } from './define.ts';

export const COURSES_ROUTES = defineRoutes({
  getEventCourse: {
    method: 'GET',
    path: '/api/events/{id}/course',
    access: 'optional',
    data: 'read',
    handler: 'courses/get-event-course',
    request: { path: CoursePathSchema },
    response: CourseAnswerSchema,
    cacheControl: 'public, max-age=60',
    summary: "An event's course: simplified line, elevation profile, distance, gain and loss; 404 when it has none",
  },
  putEventCourse: {
    method: 'PUT',
    path: '/api/events/{id}/course',
    access: 'organizer',
    data: 'read-write',
    handler: 'courses/put-event-course',
    request: { path: CoursePathSchema, body: GpxBodySchema },
    textBody: { contentType: 'application/gpx+xml', maxBytes: GPX_ROUTE_BODY_LIMIT },
    response: CourseAnswerSchema,
    throttle: { rate: 1, burst: 5 },
    summary: 'Upload or replace the course of an event the caller owns (admins: any) as a GPX file (the raw body)',
  },
  deleteEventCourse: {
    method: 'DELETE',
    path: '/api/events/{id}/course',
    access: 'organizer',
    data: 'read-write',
    handler: 'courses/delete-event-course',
    request: { path: CoursePathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 2, burst: 5 },
    summary: 'Remove the course of an event the caller owns (admins: any)',
  },
});

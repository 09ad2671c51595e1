/** Suggested races: anyone signed in tells RaceFinder about a missing race and follows what became of it. */
import { NewSubmittedEventSchema, SubmittedEventSchema, SubmittedEventsPageSchema, SubmittedEventsQuerySchema } from '../schemas/submitted-event.ts';
import { defineRoutes } from './define.ts';

export const SUBMITTED_EVENTS_ROUTES = defineRoutes({
  submitEvent: {
    method: 'POST',
    path: '/api/submitted-events',
    access: 'user',
    data: 'read-write',
    handler: 'submitted-events/submit-event',
    request: { body: NewSubmittedEventSchema },
    response: SubmittedEventSchema,
    status: 201,
    throttle: { rate: 1, burst: 5 },
    summary: 'Suggest a missing race: saved unverified, with no owner, in the admins\' review queue as a suggestion',
  },
  listMySubmittedEvents: {
    method: 'GET',
    path: '/api/me/submitted-events',
    access: 'user',
    data: 'read',
    handler: 'submitted-events/list-my-submitted-events',
    request: { query: SubmittedEventsQuerySchema },
    response: SubmittedEventsPageSchema,
    summary: "The caller's suggested races, newest first, each waiting, approved or rejected (with the admin's notes)",
  },
});

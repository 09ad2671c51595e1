/** Events organizers run: create one (reviewed before it is public), edit their own, list their own. */
import { EventSchema } from '../schemas/event.ts';
import { CursorQuerySchema, NewOrganizerEventSchema, OrganizerEventPatchSchema, OrganizerEventPathSchema, OwnEventsPageSchema } from '../schemas/organizer-event.ts';
import { defineRoutes } from './define.ts';

export const ORGANIZER_EVENTS_ROUTES = defineRoutes({
  createOrganizerEvent: {
    method: 'POST',
    path: '/api/events',
    access: 'organizer',
    data: 'read-write',
    handler: 'organizer-events/create-organizer-event',
    request: { body: NewOrganizerEventSchema },
    response: EventSchema,
    status: 201,
    throttle: { rate: 2, burst: 5 },
    summary: 'Create an event the caller runs: saved unverified, owned by them and queued for an admin review',
  },
  updateOrganizerEvent: {
    method: 'PATCH',
    path: '/api/events/{id}',
    access: 'organizer',
    data: 'read-write',
    handler: 'organizer-events/update-organizer-event',
    request: { path: OrganizerEventPathSchema, body: OrganizerEventPatchSchema },
    response: EventSchema,
    throttle: { rate: 5, burst: 10 },
    summary: "Edit an event the caller owns (admins: any) with a change record; never verified, featured, owner or money fields",
  },
  listMyEvents: {
    method: 'GET',
    path: '/api/me/events',
    access: 'organizer',
    data: 'read',
    handler: 'organizer-events/list-my-events',
    request: { query: CursorQuerySchema },
    response: OwnEventsPageSchema,
    summary: "The caller's events (claimed or created) by date, with their review status",
  },
});

/** The admin's side of organizer-created events: the review queue, the decision, and every recorded edit. */
import { EventSchema } from '../schemas/event.ts';
import {
  EventChangesPageSchema,
  EventChangesQuerySchema,
  EventReviewDecisionSchema,
  EventReviewPageSchema,
  EventReviewQueueQuerySchema,
  OrganizerEventPathSchema,
} from '../schemas/organizer-event.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_EVENT_REVIEWS_ROUTES = defineRoutes({
  listEventReviews: {
    method: 'GET',
    path: '/api/admin/event-reviews',
    access: 'admin',
    data: 'read',
    handler: 'admin-event-reviews/list-event-reviews',
    request: { query: EventReviewQueueQuerySchema },
    response: EventReviewPageSchema,
    summary: 'Organizer-created events waiting for review (or sent back), oldest first',
  },
  decideEventReview: {
    method: 'POST',
    path: '/api/admin/event-reviews/{id}/decision',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-event-reviews/decide-event-review',
    request: { path: OrganizerEventPathSchema, body: EventReviewDecisionSchema },
    response: EventSchema,
    throttle: { rate: 10, burst: 20 },
    summary: 'Approve an organizer-created event (public and searchable) or send it back with notes',
  },
  listEventChanges: {
    method: 'GET',
    path: '/api/admin/event-changes',
    access: 'admin',
    data: 'read',
    handler: 'admin-event-reviews/list-event-changes',
    request: { query: EventChangesQuerySchema },
    response: EventChangesPageSchema,
    summary: 'Recorded edits of events (who, when, which fields before and after), newest first; of one event with eventId',
  },
});

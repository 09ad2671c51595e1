/** GET /api/admin/event-changes?eventId=: recorded edits, newest first. */
import { ADMIN_EVENT_REVIEWS_ROUTES } from '#shared/routes/admin-event-reviews';
import { listEventChanges } from '#data/organizer-event';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_EVENT_REVIEWS_ROUTES.listEventChanges, async ({ query }) => listEventChanges(query.eventId, query.cursor));

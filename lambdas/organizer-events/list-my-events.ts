/** GET /api/me/events: the caller's events by date; the partition is always the caller's. */
import { ORGANIZER_EVENTS_ROUTES } from '#shared/routes/organizer-events';
import { listOwnerEvents } from '#data/organizer-event';
import { createHandler } from '#handler';

export const handler = createHandler(ORGANIZER_EVENTS_ROUTES.listMyEvents, async ({ query, caller }) => listOwnerEvents(caller.sub, query.cursor));

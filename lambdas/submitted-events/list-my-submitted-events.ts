/** GET /api/me/submitted-events: the caller's own suggestions (the partition comes from the caller, never the request). */
import { SUBMITTED_EVENTS_ROUTES } from '#shared/routes/submitted-events';
import { listSubmittedEvents } from '#data/event-suggestion';
import { createHandler } from '#handler';

export const handler = createHandler(SUBMITTED_EVENTS_ROUTES.listMySubmittedEvents, async ({ query, caller }) => listSubmittedEvents(caller.sub, query.cursor));

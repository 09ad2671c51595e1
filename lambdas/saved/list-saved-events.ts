/** GET /api/me/saved-events: the caller's saved events with their card fields, newest first, 50 a page. */
import { SAVED_ROUTES } from '#shared/routes/saved';
import { canSeeEvent } from '#data/event-visibility';
import { listSavedEvents } from '#data/saved-event';
import { createHandler } from '#handler';

export const handler = createHandler(SAVED_ROUTES.listSavedEvents, async ({ query, caller }) =>
  listSavedEvents(caller.sub, { cursor: query.cursor, canSee: (event) => canSeeEvent(event, caller) }),
);

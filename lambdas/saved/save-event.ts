/** PUT /api/me/saved-events/{eventId}: save an event the caller may see (idempotent; returns the first save). */
import { SAVED_ROUTES } from '#shared/routes/saved';
import { getVisibleEvent } from '#data/event-visibility';
import { saveEvent } from '#data/saved-event';
import { createHandler } from '#handler';

export const handler = createHandler(SAVED_ROUTES.saveEvent, async ({ path, caller }) => {
  // The event page's rule: an event the caller may not see does not exist for them (404).
  await getVisibleEvent(path.eventId, caller);
  return saveEvent(caller.sub, path.eventId);
});

/** PUT /api/me/saved-events/{eventId}: save an event the caller may see (idempotent; returns the first save). */
import { createHandler } from '#lib/http';
import { getVisibleEvent } from '../events/event-visibility.ts';
import { saveEvent } from './saved-event-store.ts';

export const handler = createHandler('saveEvent', async ({ path, caller }) => {
  // The event page's rule: an event the caller may not see does not exist for them (404).
  await getVisibleEvent(path.eventId, caller);
  return saveEvent(caller.sub, path.eventId);
});

/** DELETE /api/me/saved-events/{eventId}: forget one of the caller's saves (204 whether or not it was saved). */
import { createHandler } from '#lib/http';
import { unsaveEvent } from './saved-event-store.ts';

export const handler = createHandler('unsaveEvent', async ({ path, caller }) => {
  // Only the caller's own partition is touched, so another user's save of the same event stays.
  await unsaveEvent(caller.sub, path.eventId);
  return undefined;
});

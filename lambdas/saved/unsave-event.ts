/** DELETE /api/me/saved-events/{eventId}: forget one of the caller's saves (204 whether or not it was saved). */
import { SAVED_ROUTES } from '#shared/routes/saved';
import { unsaveEvent } from '#data/saved-event';
import { createHandler } from '#handler';

export const handler = createHandler(SAVED_ROUTES.unsaveEvent, async ({ path, caller }) => {
  // Only the caller's own partition is touched, so another user's save of the same event stays.
  await unsaveEvent(caller.sub, path.eventId);
  return undefined;
});

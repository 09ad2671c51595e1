/** POST /api/events/{id}/claims: an organizer claims an event they may see; an admin reviews the claim. */
import { CLAIMS_ROUTES } from '#shared/routes/claims';
import { createClaim } from '#data/claim';
import { getVisibleEvent } from '#data/event-visibility';
import { createHandler } from '#handler';

export const handler = createHandler(CLAIMS_ROUTES.createClaim, async ({ path, body, caller }) => {
  // The event page's rule: an event the caller may not see does not exist for them (404).
  const event = await getVisibleEvent(path.id, caller);
  return createClaim(event, caller.profile, body.reason);
});

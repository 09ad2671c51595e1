/** GET /api/events/{id}/claims/mine: the caller's own claim on an event; no one reads another's. */
import { CLAIMS_ROUTES } from '#shared/routes/claims';
import { getOwnClaim } from '#data/claim';
import { createHandler } from '#handler';

export const handler = createHandler(CLAIMS_ROUTES.getMyClaim, async ({ path, caller }) => {
  const claim = await getOwnClaim(path.id, caller.sub);
  return claim ? { claim } : {};
});

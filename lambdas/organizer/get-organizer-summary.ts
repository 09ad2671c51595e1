/** GET /api/organizer/summary: the caller's tiles, read from the counters their claims and promotions keep. */
import { ORGANIZER_ROUTES } from '#shared/routes/organizer';
import { getOrganizerClaimCounts } from '#data/claim';
import { getOrganizerPromotionCounts } from '#data/promotion-store';
import { createHandler } from '#handler';

export const handler = createHandler(ORGANIZER_ROUTES.getOrganizerSummary, async ({ caller }) => {
  const [claims, promotions] = await Promise.all([getOrganizerClaimCounts(caller.sub), getOrganizerPromotionCounts(caller.sub)]);
  return { claims, promotions };
});

/** GET /api/promotions/{id}: one promotion, to its organizer or an admin; anyone else is told it does not exist. */
import { roleSatisfies } from '#shared/roles';
import { PROMOTIONS_ROUTES } from '#shared/routes/promotions';
import { getPromotionRecord, promotionNotFound } from '#data/promotion-store';
import { createHandler } from '#handler';

export const handler = createHandler(PROMOTIONS_ROUTES.getPromotion, async ({ path, caller }) => {
  const record = await getPromotionRecord(path.id);
  if (!record || (record.promotion.organizerId !== caller.sub && !roleSatisfies(caller.profile.role, 'admin'))) throw promotionNotFound();
  return record.promotion;
});

/** DELETE /api/events/{id}/reviews/mine: delete the caller's review. */
import { REVIEWS_ROUTES } from '#shared/routes/reviews';
import { deleteMyReview } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(REVIEWS_ROUTES.deleteMyRaceReview, async ({ path, caller }) => {
  await deleteMyReview(caller.sub, path.id);
  return undefined;
});

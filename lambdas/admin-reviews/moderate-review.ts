/** POST /api/admin/events/{id}/reviews/{reviewId}/moderation: hide or keep a reported review. */
import { ADMIN_REVIEWS_ROUTES } from '#shared/routes/admin-reviews';
import { moderateReview } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_REVIEWS_ROUTES.moderateRaceReview, async ({ path, body, caller }) => {
  await moderateReview(caller.sub, path.id, path.reviewId, body);
  return undefined;
});

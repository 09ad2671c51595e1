/** POST /api/events/{id}/reviews/{reviewId}/reports: report a review to the admins. */
import { REVIEWS_ROUTES } from '#shared/routes/reviews';
import { reportReview } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(REVIEWS_ROUTES.reportRaceReview, async ({ path, body, caller }) => {
  await reportReview(caller.sub, path.id, path.reviewId, body);
  return undefined;
});

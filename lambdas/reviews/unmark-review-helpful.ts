/** DELETE /api/events/{id}/reviews/{reviewId}/helpful: take a helpful vote back. */
import { REVIEWS_ROUTES } from '#shared/routes/reviews';
import { setHelpful } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(REVIEWS_ROUTES.unmarkRaceReviewHelpful, async ({ path, caller }) => setHelpful(caller.sub, path.id, path.reviewId, false));

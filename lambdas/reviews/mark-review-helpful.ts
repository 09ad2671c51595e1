/** PUT /api/events/{id}/reviews/{reviewId}/helpful: mark another athlete's review helpful. */
import { REVIEWS_ROUTES } from '#shared/routes/reviews';
import { setHelpful } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(REVIEWS_ROUTES.markRaceReviewHelpful, async ({ path, caller }) => setHelpful(caller.sub, path.id, path.reviewId, true));

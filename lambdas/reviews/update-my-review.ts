/** PUT /api/events/{id}/reviews/mine: edit the caller's review. */
import { REVIEWS_ROUTES } from '#shared/routes/reviews';
import { updateMyReview } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(REVIEWS_ROUTES.updateMyRaceReview, async ({ path, body, caller }) => updateMyReview(caller.sub, path.id, body));

/** POST /api/events/{id}/reviews: review a race on or after race day, once. */
import { REVIEWS_ROUTES } from '#shared/routes/reviews';
import { createReview } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(REVIEWS_ROUTES.createRaceReview, async ({ path, body, caller }) => createReview(caller.sub, path.id, body));

/** GET /api/events/{id}/reviews: a race's reviews and figures; the caller's own review and votes when signed in. */
import { REVIEWS_ROUTES } from '#shared/routes/reviews';
import { listEventReviews } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(REVIEWS_ROUTES.listRaceReviews, async ({ path, query, caller }) => listEventReviews(path.id, caller, query.cursor));

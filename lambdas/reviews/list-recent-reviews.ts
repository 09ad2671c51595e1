/** GET /api/reviews: recent reviews across races, by state and/or type. */
import { REVIEWS_ROUTES } from '#shared/routes/reviews';
import { listRecentReviews } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(REVIEWS_ROUTES.listRecentRaceReviews, async ({ query }) => listRecentReviews(query));

/** GET /api/admin/reported-reviews: the moderation queue. */
import { ADMIN_REVIEWS_ROUTES } from '#shared/routes/admin-reviews';
import { listReportedReviews } from '#data/review';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_REVIEWS_ROUTES.listReportedRaceReviews, async ({ query }) => listReportedReviews(query.cursor));

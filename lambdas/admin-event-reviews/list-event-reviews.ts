/** GET /api/admin/event-reviews?status=: organizer-created events in one review queue. */
import { ADMIN_EVENT_REVIEWS_ROUTES } from '#shared/routes/admin-event-reviews';
import { listReviewQueue } from '#data/organizer-event';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_EVENT_REVIEWS_ROUTES.listEventReviews, async ({ query }) => listReviewQueue(query.status, query.cursor));

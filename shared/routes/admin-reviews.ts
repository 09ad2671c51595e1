/** Review moderation: the reported reviews and an admin's decision on each. */
import * as z from 'zod';
import { EventReviewsQuerySchema, ModerationDecisionSchema, ReportedReviewsPageSchema, ReviewPathSchema } from '../schemas/review.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_REVIEWS_ROUTES = defineRoutes({
  listReportedRaceReviews: {
    method: 'GET',
    path: '/api/admin/reported-reviews',
    access: 'admin',
    data: 'read',
    handler: 'admin-reviews/list-reported-reviews',
    request: { query: EventReviewsQuerySchema },
    response: ReportedReviewsPageSchema,
    summary: 'Reviews athletes reported and no admin has decided on, oldest report first',
  },
  moderateRaceReview: {
    method: 'POST',
    path: '/api/admin/events/{id}/reviews/{reviewId}/moderation',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-reviews/moderate-review',
    request: { path: ReviewPathSchema, body: ModerationDecisionSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 2, burst: 10 },
    summary: "Hide a reported review (it leaves the race's figures) or keep it; the decision is recorded on it",
  },
});

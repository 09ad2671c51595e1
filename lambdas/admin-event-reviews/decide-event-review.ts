/** POST /api/admin/event-reviews/{id}/decision: approve (public, searchable) or send back with notes. */
import { ADMIN_EVENT_REVIEWS_ROUTES } from '#shared/routes/admin-event-reviews';
import { decideEventReview } from '#data/organizer-event';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_EVENT_REVIEWS_ROUTES.decideEventReview, async ({ path, body, caller }) =>
  decideEventReview(path.id, { decision: body.decision, ...(body.notes ? { notes: body.notes } : {}), reviewerId: caller.sub }),
);

import { ADMIN_EVENTS_ROUTES } from '#shared/routes/admin-events';
import { deleteEvent } from '#data/event';
import { deleteEventImageFiles } from '#lib/media-bucket';
import { createHandler } from '#handler';

/**
 * DELETE /api/admin/events/{id}: the event with its index entries and counts, in one transaction; then its images'
 * files (docs/images.md), which nothing names once the event is gone.
 */
export const handler = createHandler(ADMIN_EVENTS_ROUTES.deleteAdminEvent, async ({ path }) => {
  await deleteEventImageFiles(await deleteEvent(path.id));
});

import { ADMIN_EVENTS_ROUTES } from '#shared/routes/admin-events';
import { deleteEvent } from '#data/event';
import { createHandler } from '#handler';

/** DELETE /api/admin/events/{id}: the event with its index entries and counts, in one transaction. */
export const handler = createHandler(ADMIN_EVENTS_ROUTES.deleteAdminEvent, async ({ path }) => {
  await deleteEvent(path.id);
});

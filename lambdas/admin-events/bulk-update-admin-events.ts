import { ADMIN_EVENTS_ROUTES } from '#shared/routes/admin-events';
import { createHandler } from '#handler';
import { bulkUpdate } from './admin-event-edits.ts';

/** POST /api/admin/events/bulk: one action on up to 100 events, an outcome per event. */
export const handler = createHandler(ADMIN_EVENTS_ROUTES.bulkUpdateAdminEvents, async ({ body }) => bulkUpdate(body.ids, body.action));

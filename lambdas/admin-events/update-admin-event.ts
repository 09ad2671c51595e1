import { ADMIN_EVENTS_ROUTES } from '#shared/routes/admin-events';
import { createHandler } from '#handler';
import { patchEvent } from './admin-event-edits.ts';

/** PATCH /api/admin/events/{id}: flags and fields; a concurrent change is a 409 saying to reload. */
export const handler = createHandler(ADMIN_EVENTS_ROUTES.updateAdminEvent, async ({ path, body }) => patchEvent(path.id, body));

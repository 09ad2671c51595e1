import { ADMIN_EVENTS_ROUTES } from '#shared/routes/admin-events';
import { createHandler } from '#handler';
import { listAdminEvents } from './admin-event-list.ts';

/** GET /api/admin/events: one page of the admin list (see admin-event-list.ts). */
export const handler = createHandler(ADMIN_EVENTS_ROUTES.listAdminEvents, async ({ query }) => (await listAdminEvents(query)).page);

import { ADMIN_EVENTS_ROUTES } from '#shared/routes/admin-events';
import { createHandler } from '#handler';
import { flushEvents } from './flush-catalogue.ts';

/** POST /api/admin/events/flush (super admins, typed confirmation): a bounded batch of deletes; repeat until 0 remain. */
export const handler = createHandler(ADMIN_EVENTS_ROUTES.flushEvents, async () => flushEvents());

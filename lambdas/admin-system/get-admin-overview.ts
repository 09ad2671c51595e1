/** GET /api/admin/overview: catalogue, user and organization figures from counters, never by reading everything. */
import { ADMIN_SYSTEM_ROUTES } from '#shared/routes/admin-system';
import { createHandler } from '#handler';
import { overviewFromCounters, readCounterItems } from './admin-overview.ts';

export const handler = createHandler(ADMIN_SYSTEM_ROUTES.getAdminOverview, async () => overviewFromCounters(await readCounterItems()));

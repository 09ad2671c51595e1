/** GET /api/admin/health: database, sign-in and API latency measured now (never cached). */
import { ADMIN_SYSTEM_ROUTES } from '#shared/routes/admin-system';
import { createHandler } from '#handler';
import { measureHealth } from './health-checks.ts';

export const handler = createHandler(ADMIN_SYSTEM_ROUTES.getAdminHealth, async () => measureHealth(performance.now()));

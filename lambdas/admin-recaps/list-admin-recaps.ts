/** GET /api/admin/recaps: every recap for admins, newest first. */
import { ADMIN_RECAPS_ROUTES } from '#shared/routes/admin-recaps';
import { listAdminRecaps } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_RECAPS_ROUTES.listAdminRecaps, async ({ query }) => listAdminRecaps(query.cursor));

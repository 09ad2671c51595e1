/** GET /api/admin/system-config: the stored configuration (the defaults until a super admin first saves it). */
import { ADMIN_SYSTEM_ROUTES } from '#shared/routes/admin-system';
import { getSystemConfig } from '#data/system-config';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_SYSTEM_ROUTES.getSystemConfig, async () => getSystemConfig());

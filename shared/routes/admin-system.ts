/** Running the platform: overview figures, health measured now, system configuration and CSV exports. Admins only. */
import { AdminOverviewSchema } from '../schemas/admin-overview.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_SYSTEM_ROUTES = defineRoutes({
  getAdminOverview: {
    method: 'GET',
    path: '/api/admin/overview',
    access: 'admin',
    data: 'read',
    handler: 'admin-system/get-admin-overview',
    request: {},
    response: AdminOverviewSchema,
    summary: 'Catalogue, user and import figures from counters',
  },
});

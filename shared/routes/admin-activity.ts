/** The platform's activity record, for /superadmin's Recent Activity. */
import { ActivityPageSchema, ActivityQuerySchema } from '../schemas/activity.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_ACTIVITY_ROUTES = defineRoutes({
  listActivity: {
    method: 'GET',
    path: '/api/admin/activity',
    access: 'admin',
    data: 'read',
    handler: 'admin-activity/list-activity',
    request: { query: ActivityQuerySchema },
    response: ActivityPageSchema,
    summary: 'Recorded decisions and role changes (who, when, what), newest first',
  },
});

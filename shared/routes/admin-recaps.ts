/** Recaps for admins: every recap, featuring in the athlete spotlights, hiding and restoring. */
import { AdminRecapSchema, AdminRecapsPageSchema, CursorOnlyQuerySchema, RecapModerationSchema, RecapPathSchema } from '../schemas/recap.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_RECAPS_ROUTES = defineRoutes({
  listAdminRecaps: {
    method: 'GET',
    path: '/api/admin/recaps',
    access: 'admin',
    data: 'read',
    handler: 'admin-recaps/list-admin-recaps',
    request: { query: CursorOnlyQuerySchema },
    response: AdminRecapsPageSchema,
    summary: 'Every recap, hidden ones too, newest first, with whether it is featured',
  },
  featureRecap: {
    method: 'PUT',
    path: '/api/admin/recaps/{id}/spotlight',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-recaps/feature-recap',
    request: { path: RecapPathSchema },
    response: AdminRecapSchema,
    throttle: { rate: 2, burst: 10 },
    summary: 'Feature a recap in the athlete spotlights (idempotent; who and when are recorded)',
  },
  unfeatureRecap: {
    method: 'DELETE',
    path: '/api/admin/recaps/{id}/spotlight',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-recaps/unfeature-recap',
    request: { path: RecapPathSchema },
    response: AdminRecapSchema,
    throttle: { rate: 2, burst: 10 },
    summary: 'Take a recap out of the athlete spotlights (idempotent)',
  },
  moderateRecap: {
    method: 'POST',
    path: '/api/admin/recaps/{id}/moderation',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-recaps/moderate-recap',
    request: { path: RecapPathSchema, body: RecapModerationSchema },
    response: AdminRecapSchema,
    throttle: { rate: 2, burst: 10 },
    summary: 'Hide a recap (it leaves every public list and the spotlights) or restore it; the decision is recorded on it',
  },
});

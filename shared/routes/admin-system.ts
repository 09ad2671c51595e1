/** Running the platform: overview figures, health measured now, system configuration and CSV exports. Admins only. */
import { AdminOverviewSchema } from '../schemas/admin-overview.ts';
import { SystemConfigSchema, SystemConfigSettingsSchema } from '../schemas/system-config.ts';
import { AdminHealthSchema } from '../schemas/system-health.ts';
import { MigrationsStatusSchema } from '../schemas/migration.ts';
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
  getAdminHealth: {
    method: 'GET',
    path: '/api/admin/health',
    access: 'admin',
    data: 'read',
    handler: 'admin-system/get-admin-health',
    request: {},
    response: AdminHealthSchema,
    // Each call measures the database and the user pool: a few a second is plenty for a refresh button.
    throttle: { rate: 2, burst: 5 },
    summary: 'Database, sign-in and API latency measured now',
  },
  listMigrations: {
    method: 'GET',
    path: '/api/admin/migrations',
    access: 'admin',
    data: 'read',
    handler: 'migrations/list-migrations',
    request: {},
    response: MigrationsStatusSchema,
    summary: 'The data migrations in order, with how far each got, when, and its last error',
  },
  getSystemConfig: {
    method: 'GET',
    path: '/api/admin/system-config',
    access: 'admin',
    data: 'read',
    handler: 'admin-system/get-system-config',
    request: {},
    response: SystemConfigSchema,
    summary: 'The stored system configuration (defaults until first saved)',
  },
  updateSystemConfig: {
    method: 'PUT',
    path: '/api/admin/system-config',
    // Maintenance mode and registration switch the whole platform: super admins only, like flushing events.
    access: 'superadmin',
    data: 'read-write',
    handler: 'admin-system/update-system-config',
    request: { body: SystemConfigSettingsSchema },
    response: SystemConfigSchema,
    throttle: { rate: 1, burst: 5 },
    summary: 'Replace the system configuration, recording who changed it',
  },
});

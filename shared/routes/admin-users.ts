/** The people admin (/admin/users): find users, their figures, and role changes under the server's rules. */
import { ProfileSchema } from '../schemas/profile.ts';
import { AdminUsersPageSchema, AdminUsersQuerySchema, RoleChangeBodySchema, UserPathSchema, UserStatsSchema } from '../schemas/user-admin.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_USERS_ROUTES = defineRoutes({
  listAdminUsers: {
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    data: 'read',
    handler: 'admin-users/list-admin-users',
    request: { query: AdminUsersQuerySchema },
    response: AdminUsersPageSchema,
    summary: 'Users newest first, by role filter; with q, the first users whose e-mail or name starts with it',
  },
  getUserStats: {
    method: 'GET',
    path: '/api/admin/users/stats',
    access: 'admin',
    data: 'read',
    handler: 'admin-users/get-user-stats',
    request: {},
    response: UserStatsSchema,
    summary: 'The stat cards: users in all, by role and new this month, from the user counters',
  },
  getAdminUser: {
    method: 'GET',
    path: '/api/admin/users/{id}',
    access: 'admin',
    data: 'read',
    handler: 'admin-users/get-admin-user',
    request: { path: UserPathSchema },
    response: ProfileSchema,
    summary: "One user's profile (the details dialog)",
  },
  changeUserRole: {
    method: 'POST',
    path: '/api/admin/users/{id}/role',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-users/change-user-role',
    request: { path: UserPathSchema, body: RoleChangeBodySchema },
    response: ProfileSchema,
    throttle: { rate: 5, burst: 10 },
    summary: 'Change a role (not one\'s own; admin roles by super admins only; never the last super admin), recorded in the activity',
  },
});

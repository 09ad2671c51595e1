/** GET /api/admin/users/stats: the stat cards from the user counters. */
import { ADMIN_USERS_ROUTES } from '#shared/routes/admin-users';
import { userStats } from '#data/user-admin';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_USERS_ROUTES.getUserStats, async () => userStats());

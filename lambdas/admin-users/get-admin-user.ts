/** GET /api/admin/users/{id}: one user's profile. */
import { ADMIN_USERS_ROUTES } from '#shared/routes/admin-users';
import { getUser } from '#data/user-admin';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_USERS_ROUTES.getAdminUser, async ({ path }) => getUser(path.id));

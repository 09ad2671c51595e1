/** GET /api/admin/users?q=&role=&cursor=: the user list, browsed or searched. */
import { ADMIN_USERS_ROUTES } from '#shared/routes/admin-users';
import { listUsers } from '#data/user-admin';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_USERS_ROUTES.listAdminUsers, async ({ query }) => listUsers(query));

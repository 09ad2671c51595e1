/** POST /api/admin/users/{id}/role: a role change under the server's rules, recorded with who and why. */
import { ADMIN_USERS_ROUTES } from '#shared/routes/admin-users';
import { changeUserRole } from '#data/user-admin';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_USERS_ROUTES.changeUserRole, async ({ path, body, caller }) => changeUserRole(caller, path.id, body.role, body.reason));

/** GET /api/me: the caller's profile, which the wrapper already loaded (or created, as the route may write). */
import { USERS_ROUTES } from '#shared/routes/users';
import { createHandler } from '#handler';

export const handler = createHandler(USERS_ROUTES.getMe, async ({ caller }) => caller.profile);

/** PATCH /api/me: change the caller's names or location. */
import { USERS_ROUTES } from '#shared/routes/users';
import { updateProfile } from '#data/profile';
import { createHandler } from '#handler';

export const handler = createHandler(USERS_ROUTES.updateMe, async ({ caller, body }) => updateProfile(caller.sub, body));

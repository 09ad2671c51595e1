/** The signed-in user's own profile. */
import { ProfileSchema, UpdateProfileSchema } from '../schemas/profile.ts';
import { defineRoutes } from './define.ts';

export const USERS_ROUTES = defineRoutes({
  getMe: {
    method: 'GET',
    path: '/api/me',
    access: 'user',
    // The profile is created on the first call when the sign-up trigger has not made it.
    data: 'read-write',
    handler: 'users/get-me',
    request: {},
    response: ProfileSchema,
    summary: "The caller's profile, created on first call",
  },
  updateMe: {
    method: 'PATCH',
    path: '/api/me',
    access: 'user',
    data: 'read-write',
    handler: 'users/update-me',
    request: { body: UpdateProfileSchema },
    response: ProfileSchema,
    throttle: { rate: 5, burst: 10 },
    summary: "Change the caller's first name, last name or location",
  },
});

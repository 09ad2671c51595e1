/** The signed-in user's own profile. */
import { AccountDeletionSchema, DeleteAccountBodySchema } from '../schemas/account-deletion.ts';
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
  deleteMe: {
    method: 'DELETE',
    path: '/api/me',
    access: 'user',
    data: 'read-write',
    handler: 'users/delete-me',
    request: { body: DeleteAccountBodySchema },
    response: AccountDeletionSchema,
    status: 202,
    throttle: { rate: 1, burst: 3 },
    summary: "Delete the caller's account and everything that belongs to them (the account's e-mail typed as confirmation); a worker does it",
  },
});

import { createHandler } from '#lib/http';
import { updateProfile } from './profile-store.ts';

export const handler = createHandler('updateMe', async ({ caller, body }) => updateProfile(caller.sub, body));

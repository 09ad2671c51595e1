import { createHandler } from '#lib/http';

/** The wrapper already loaded (or created) the caller's profile. */
export const handler = createHandler('getMe', async ({ caller }) => caller.profile);

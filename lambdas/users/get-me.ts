/**
 * GET /api/me: the caller's profile, which the wrapper already loaded (or created, as the route may write).
 * The app asks it on every visit, so it also records the caller's active day (./data/user-activity.ts), best
 * effort: a failure there never costs the user their profile.
 */
import { USERS_ROUTES } from '#shared/routes/users';
import { recordActiveDay } from '#data/user-activity';
import { logger } from '#lib/logger';
import { createHandler } from '#handler';

export const handler = createHandler(USERS_ROUTES.getMe, async ({ caller }) => {
  await recordActiveDay(caller.sub).catch((error: unknown) => logger.warn('active day not recorded', { error: error as Error }));
  return caller.profile;
});

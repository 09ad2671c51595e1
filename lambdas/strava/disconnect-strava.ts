/** DELETE /api/me/strava: deauthorizes RaceFinder at Strava and deletes the caller's tokens (connection.ts). */
import { STRAVA_ROUTES } from '#shared/routes/strava';
import { createHandler } from '#handler';
import { disconnect } from './connection.ts';

export const handler = createHandler(STRAVA_ROUTES.disconnectStrava, async ({ caller }) => {
  await disconnect(caller.sub);
});

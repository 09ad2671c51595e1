/** POST /api/me/strava/connect: Strava's authorize URL, with a state signed for the caller (connection.ts). */
import { STRAVA_ROUTES } from '#shared/routes/strava';
import { createHandler } from '#handler';
import { startConnection } from './connection.ts';

export const handler = createHandler(STRAVA_ROUTES.connectStrava, async ({ caller }) => startConnection(caller.sub));

/**
 * POST /api/me/strava/callback: the page Strava returned the browser to posts the code and state; the state must
 * be the caller's own and fresh, the code is exchanged for tokens, and the backfill is queued (connection.ts).
 */
import { STRAVA_ROUTES } from '#shared/routes/strava';
import { createHandler } from '#handler';
import { finishConnection } from './connection.ts';

export const handler = createHandler(STRAVA_ROUTES.finishStravaConnection, async ({ caller, body }) => finishConnection(caller.sub, body));

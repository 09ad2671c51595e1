/** GET /api/me/strava: the caller's Strava connection as their page shows it (no tokens, ever). */
import { STRAVA_ROUTES } from '#shared/routes/strava';
import { connectionView, getStravaConnection } from '#data/strava-connection';
import { createHandler } from '#handler';
import { stravaConfigured } from './strava-api.ts';

export const handler = createHandler(STRAVA_ROUTES.getStravaConnection, async ({ caller }) => connectionView(await getStravaConnection(caller.sub), stravaConfigured()));

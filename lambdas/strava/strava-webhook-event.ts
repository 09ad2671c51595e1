/**
 * POST /api/strava/webhook: an event from Strava (ids only). It is put on the sync queue and answered at once:
 * Strava wants a 200 within two seconds, and the work (fetching the activity, its streams, the log's transaction)
 * is the worker's (sync-worker.ts). A queue that refuses is a 503, so Strava delivers the event again rather than
 * losing it. Strava does not sign its events: the worker acts on what Strava itself says when asked, never on the
 * event alone (a delete or a deauthorization is confirmed with Strava first).
 */
import { STRAVA_ROUTES } from '#shared/routes/strava';
import { StravaUnavailableError } from './strava-keys.ts';
import { logger } from '#lib/logger';
import { createHandler } from '#handler';
import { enqueueSync } from './sync-queue.ts';

export const handler = createHandler(STRAVA_ROUTES.stravaWebhookEvent, async ({ body }) => {
  try {
    await enqueueSync({ kind: 'event', event: body });
  } catch (error) {
    logger.error('strava event not queued; Strava will deliver it again', { objectType: body.object_type, aspect: body.aspect_type, error: error as Error });
    throw new StravaUnavailableError('The event could not be queued; deliver it again.');
  }
  return { received: true as const };
});

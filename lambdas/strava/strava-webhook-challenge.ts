/**
 * GET /api/strava/webhook: Strava's push subscription handshake. When the subscription is created, Strava calls
 * with hub.challenge and the verify token it was given; the callback echoes the challenge, within two seconds, only
 * when the token is ours (strava-keys.ts), so no one else can point a subscription of theirs here.
 */
import { timingSafeEqual } from 'node:crypto';
import { STRAVA_ROUTES } from '#shared/routes/strava';
import { ForbiddenError } from '#lib/errors';
import { createHandler } from '#handler';
import { stravaKeys } from './strava-keys.ts';

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const handler = createHandler(STRAVA_ROUTES.stravaWebhookChallenge, async ({ query }) => {
  const { verifyToken } = await stravaKeys();
  if (!same(query['hub.verify_token'], verifyToken)) throw new ForbiddenError('The verify token is not this site\'s');
  return { 'hub.challenge': query['hub.challenge'] };
});

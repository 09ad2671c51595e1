/**
 * The application's one push subscription (docs/strava.md "Webhook"): Strava posts every athlete's events to its
 * callback. Creating it makes Strava check the callback first (GET with hub.challenge and our verify token, which
 * strava-webhook-challenge.ts answers), so the site must be up and reachable from Strava when this runs: the local
 * stack runs it once its gateway listens; in AWS an operator runs it once after the first deploy (docs/strava.md).
 */
import { createPushSubscription, listPushSubscriptions, stravaSettings } from './strava-api.ts';
import { stravaKeys } from './strava-keys.ts';

/** The subscription for `callbackUrl`: the one Strava has, or a new one. */
export async function ensurePushSubscription(callbackUrl: string): Promise<{ id: number; created: boolean }> {
  const [settings, keys] = await Promise.all([stravaSettings(), stravaKeys()]);
  const existing = (await listPushSubscriptions(settings)).find((subscription) => subscription.callback_url === callbackUrl);
  if (existing) return { id: existing.id, created: false };
  const created = await createPushSubscription(settings, callbackUrl, keys.verifyToken);
  return { id: created.id, created: true };
}

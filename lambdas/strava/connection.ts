/**
 * Connecting and disconnecting an athlete's Strava account (docs/strava.md "Connecting"): the authorize URL with a
 * state signed for the caller, the code exchanged for tokens (stored encrypted) with the 90-day backfill queued, and
 * a disconnect that deauthorizes RaceFinder at Strava and deletes the tokens.
 */
import { STRAVA_BACKFILL_DAYS, STRAVA_SCOPE, type StravaConnection } from '#shared/schemas/strava';
import { connectionView, deleteStravaConnection, saveStravaConnection } from '#data/strava-connection';
import { BadRequestError } from '#lib/errors';
import { logger } from '#lib/logger';
import { requireSiteUrl } from '#lib/site-url';
import { authorizeUrl, deauthorize, deauthorizeWithStored, exchangeCode, StravaApiError, stravaConfigured, stravaSettings, type StravaAthlete } from './strava-api.ts';
import { stravaKeys, StravaUnavailableError } from './strava-keys.ts';
import { checkState, signState } from './oauth-state.ts';
import { enqueueSync } from './sync-queue.ts';
import { decryptTokens, encryptTokens } from './token-crypto.ts';

/** The page of the site Strava sends the browser back to (web: the Strava return page). */
export const STRAVA_RETURN_PATH = '/strava/connected';

function requireConfigured(): void {
  if (!stravaConfigured()) throw new StravaUnavailableError('Strava sync is not set up on this site.');
}

export async function startConnection(sub: string, now: Date = new Date()): Promise<{ authorizeUrl: string }> {
  requireConfigured();
  const [settings, keys] = await Promise.all([stravaSettings(), stravaKeys()]);
  const redirectUri = `${requireSiteUrl('connectStrava')}${STRAVA_RETURN_PATH}`;
  return { authorizeUrl: authorizeUrl(settings, redirectUri, signState(sub, keys.stateKey, now), STRAVA_SCOPE) };
}

function athleteNameOf(athlete: StravaAthlete): string {
  const name = [athlete.firstname, athlete.lastname].filter(Boolean).join(' ').trim();
  return name || athlete.username || `Strava athlete ${athlete.id}`;
}

/** Whether the scopes the athlete accepted let RaceFinder read their activities (they may untick them on Strava's page). */
const readsActivities = (scope: string) => scope.split(',').some((part) => part.trim() === 'activity:read_all' || part.trim() === 'activity:read');

export async function finishConnection(sub: string, input: { code: string; state: string; scope?: string }, now: Date = new Date()): Promise<StravaConnection> {
  requireConfigured();
  const [settings, keys] = await Promise.all([stravaSettings(), stravaKeys()]);
  const state = checkState(input.state, keys.stateKey, sub, now);
  if (!state.ok) throw new BadRequestError(state.reason, { 'body.state': [state.reason] });
  const scope = input.scope ?? STRAVA_SCOPE;
  let answer;
  try {
    answer = await exchangeCode(settings, input.code);
  } catch (error) {
    // Strava answers 400 to a code that is used, expired or not for this application.
    if (error instanceof StravaApiError && error.status === 400) throw new BadRequestError('Strava did not accept this authorization. Start connecting again.', { 'body.code': ['The authorization code is not valid any more'] });
    if (error instanceof StravaApiError && error.status === 429) throw new StravaUnavailableError('Strava is busy right now. Nothing was changed; please try connecting again in a few minutes.');
    throw error;
  }
  if (!answer.athlete) throw new StravaUnavailableError('Strava did not say which athlete authorized RaceFinder. Nothing was changed; please try again.');
  if (!readsActivities(scope)) {
    await deauthorize(settings, answer.access_token).catch(() => undefined);
    const reason = 'RaceFinder needs to see your activities. Connect again and leave "View data about your private activities" ticked.';
    throw new BadRequestError(reason, { 'body.scope': [reason] });
  }
  const since = new Date(now.getTime() - STRAVA_BACKFILL_DAYS * 86_400_000);
  const stored = await saveStravaConnection(
    sub,
    {
      athleteId: answer.athlete.id,
      athleteName: athleteNameOf(answer.athlete),
      scope,
      tokens: encryptTokens({ accessToken: answer.access_token, refreshToken: answer.refresh_token }, keys.tokenKey, sub),
      expiresAt: answer.expires_at,
      since: since.toISOString(),
    },
    now,
  );
  try {
    await enqueueSync({ kind: 'backfill', sub, athleteId: answer.athlete.id, after: Math.floor(since.getTime() / 1000), page: 1 });
  } catch (error) {
    // A connection without its backfill would miss 90 days for good: undone, and the athlete tries again.
    logger.error('the Strava backfill could not be queued; the connection is undone', { error: error as Error });
    await deleteStravaConnection(sub);
    await deauthorize(settings, answer.access_token).catch(() => undefined);
    throw new StravaUnavailableError('Strava could not be connected right now. Nothing was changed; please try again in a few minutes.');
  }
  return connectionView(stored, true);
}

/**
 * Deletes the caller's tokens, after asking Strava to deauthorize RaceFinder with them. Strava takes only a live
 * access token for that, and one lasts six hours: an older one is refreshed first (with it, deauthorizing failed
 * for anyone who had not synced in six hours, and RaceFinder stayed in their Strava settings). The tokens go
 * whatever Strava answers: a person who disconnects must not stay connected because Strava was unreachable (they
 * can revoke the app on Strava's settings page too, and its deauthorization event then finds nothing left).
 */
export async function disconnect(sub: string, now: Date = new Date()): Promise<void> {
  const removed = await deleteStravaConnection(sub);
  if (!removed || !stravaConfigured()) return;
  try {
    const [settings, keys] = await Promise.all([stravaSettings(), stravaKeys()]);
    await deauthorizeWithStored(settings, decryptTokens(removed.tokens, keys.tokenKey, sub), removed.expiresAt, now);
  } catch (error) {
    logger.warn('strava deauthorize failed after the tokens were deleted', { error: error as Error });
  }
}

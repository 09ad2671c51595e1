/**
 * What the sync worker does with one message of the Strava queue (docs/strava.md):
 *
 * - an activity created or updated: its detail and streams fetched with the athlete's token and saved into the log
 *   (saveRecordedLog: the entry of the same Strava activity, or of a run uploaded as a file that started within a
 *   minute, is updated rather than doubled);
 * - an activity deleted: its entry removed with its markers and figures, once Strava confirms the activity is gone
 *   (its events are not signed: a forged delete must not remove anyone's training);
 * - an athlete's deauthorization: their tokens deleted, once Strava confirms the token no longer works;
 * - a backfill page: the athlete's activities of the last 90 days listed, one message queued per activity, and the
 *   next page queued while pages come full.
 *
 * Tokens are refreshed when they are about to expire (the refreshed pair written over the one read, by version).
 * A token Strava refuses (401, or a refresh it answers 400 or 401) means the athlete revoked access: the connection
 * goes. A 429 is thrown to the worker, which waits out the window and puts the message back (sync-worker.ts).
 */
import { PRODUCT_TIME_ZONE } from '#shared/dates';
import { isDeauthorization, type StravaEvent } from '#shared/schemas/strava';
import {
  deleteStravaConnection,
  getStravaConnection,
  recordBackfillPage,
  recordStravaSync,
  replaceStravaTokens,
  subOfStravaAthlete,
  type StoredStravaConnection,
} from '#data/strava-connection';
import { deleteStravaActivityLog, saveRecordedLog } from '#data/training-log';
import { HttpError } from '#lib/errors';
import { logger } from '#lib/logger';
import { accessTokenLive, deauthorizeWithStored, getActivity, getAthlete, getStreams, listActivities, refreshTokens, StravaApiError, type StravaActivity, type StravaCall, type StravaSettings } from './strava-api.ts';
import type { StravaKeys } from './strava-keys.ts';
import { recordedLogOf } from './strava-activity.ts';
import { enqueueSync, enqueueSyncBatch, type ParsedSyncMessage } from './sync-queue.ts';
import { decryptTokens, encryptTokens } from './token-crypto.ts';

/** Activities per backfill page: Strava allows up to 200, and a page's messages go ten to a batch. */
export const BACKFILL_PAGE_SIZE = 50;

export interface SyncContext {
  readonly settings: StravaSettings;
  readonly keys: StravaKeys;
  /** Every Strava answer's rate-limit headers (the worker stops before a limit). */
  readonly call: StravaCall;
  readonly now: () => Date;
}

/** Strava refuses the token: the athlete revoked RaceFinder's access (or the refresh token is no longer theirs). */
const revoked = (error: unknown) => error instanceof StravaApiError && error.status === 401;
const gone = (error: unknown) => error instanceof StravaApiError && error.status === 404;

/** A working access token for the person, refreshed when it is about to expire; undefined once they are not connected. */
async function accessFor(sub: string, context: SyncContext): Promise<{ connection: StoredStravaConnection; accessToken: string } | undefined> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const connection = await getStravaConnection(sub);
    if (!connection) return undefined;
    const tokens = decryptTokens(connection.tokens, context.keys.tokenKey, sub);
    if (accessTokenLive(connection.expiresAt, context.now())) return { connection, accessToken: tokens.accessToken };
    const answer = await refreshTokens(context.settings, tokens.refreshToken, context.call).catch((error: unknown) => {
      // Strava answers a refresh token it no longer honours with 400: for us that is a revoked token.
      if (error instanceof StravaApiError && error.status === 400) throw new StravaApiError(401, 'Strava refused the refresh token', error.rate);
      throw error;
    });
    const stored = encryptTokens({ accessToken: answer.access_token, refreshToken: answer.refresh_token }, context.keys.tokenKey, sub);
    if (await replaceStravaTokens(sub, connection.tokenVersion, stored, answer.expires_at)) return { connection, accessToken: answer.access_token };
    // Another worker refreshed meanwhile: its tokens are the ones Strava now honours.
  }
  throw new Error('The Strava tokens changed twice while being refreshed');
}

/** Runs `work` with the person's token; a token Strava refuses disconnects them (their access was revoked). */
async function withAccess(sub: string, context: SyncContext, work: (accessToken: string, connection: StoredStravaConnection) => Promise<void>): Promise<void> {
  try {
    const access = await accessFor(sub, context);
    if (!access) return;
    await work(access.accessToken, access.connection);
  } catch (error) {
    if (!revoked(error)) throw error;
    logger.info('strava refused the token: the connection is removed', { status: (error as StravaApiError).status });
    await deleteStravaConnection(sub);
  }
}

/** Saves one activity (with its streams) into the person's log; false when the log refuses it (dated too far back). */
async function saveActivity(sub: string, activity: StravaActivity, accessToken: string, context: SyncContext): Promise<boolean> {
  const streams = await getStreams(context.settings, accessToken, activity.id, context.call);
  try {
    await saveRecordedLog(sub, recordedLogOf(activity, streams, PRODUCT_TIME_ZONE), context.now());
    return true;
  } catch (error) {
    // A 400 is the log's own rule (a date more than ten years back): nothing a retry changes.
    if (error instanceof HttpError && error.status === 400) {
      logger.info('strava activity not taken by the log', { reason: error.message });
      return false;
    }
    throw error;
  }
}

async function applyActivityEvent(event: StravaEvent, sub: string, context: SyncContext): Promise<void> {
  await withAccess(sub, context, async (accessToken) => {
    let activity: StravaActivity;
    try {
      activity = await getActivity(context.settings, accessToken, event.object_id, context.call);
    } catch (error) {
      if (!gone(error)) throw error;
      // Deleted on Strava (or made private beyond the scope we hold): its entry goes.
      const removed = await deleteStravaActivityLog(sub, event.object_id);
      logger.info('strava activity is gone', { aspect: event.aspect_type, removed });
      return;
    }
    if (event.aspect_type === 'delete') {
      logger.warn('a delete event for an activity Strava still has: ignored', { activityId: event.object_id });
      return;
    }
    const saved = await saveActivity(sub, activity, accessToken, context);
    await recordStravaSync(sub, { at: context.now(), imported: saved, fromBackfill: false });
  });
}

async function applyDeauthorization(sub: string, context: SyncContext): Promise<void> {
  await withAccess(sub, context, async (accessToken) => {
    // Answers only while the token still works: the event was not Strava's, and the connection stays.
    await getAthlete(context.settings, accessToken, context.call);
    logger.warn('a deauthorization event for an athlete whose token still works: ignored');
  });
}

async function applyEvent(event: StravaEvent, context: SyncContext): Promise<void> {
  const sub = await subOfStravaAthlete(event.owner_id);
  if (!sub) {
    logger.info('strava event for an athlete no one has connected', { objectType: event.object_type, aspect: event.aspect_type });
    return;
  }
  if (event.object_type === 'activity') return applyActivityEvent(event, sub, context);
  if (isDeauthorization(event)) return applyDeauthorization(sub, context);
}

/** The connection still links this person to this athlete (a message queued before a disconnect does nothing after). */
const sameAthlete = (connection: StoredStravaConnection, athleteId: string) => connection.athleteId === athleteId;

async function applyBackfillPage(message: Extract<ParsedSyncMessage, { kind: 'backfill' }>, context: SyncContext): Promise<void> {
  await withAccess(message.sub, context, async (accessToken, connection) => {
    if (!sameAthlete(connection, message.athleteId)) return;
    const activities = await listActivities(context.settings, accessToken, { after: message.after, page: message.page, perPage: BACKFILL_PAGE_SIZE }, context.call);
    await enqueueSyncBatch(activities.map((activity) => ({ kind: 'activity' as const, sub: message.sub, athleteId: message.athleteId, activity })));
    const last = activities.length < BACKFILL_PAGE_SIZE;
    if (!last) await enqueueSync({ kind: 'backfill', sub: message.sub, athleteId: message.athleteId, after: message.after, page: message.page + 1 });
    await recordBackfillPage(message.sub, activities.length, last);
  });
}

async function applyBackfillActivity(message: Extract<ParsedSyncMessage, { kind: 'activity' }>, context: SyncContext): Promise<void> {
  await withAccess(message.sub, context, async (accessToken, connection) => {
    if (!sameAthlete(connection, message.athleteId)) return;
    let saved = false;
    try {
      saved = await saveActivity(message.sub, message.activity, accessToken, context);
    } catch (error) {
      // Deleted on Strava since the page was listed: nothing to bring in.
      if (!gone(error)) throw error;
    }
    await recordStravaSync(message.sub, { at: context.now(), imported: saved, fromBackfill: true });
  });
}

/**
 * A deleted account's Strava connection: RaceFinder is taken off the athlete's Strava account with its tokens (the
 * access token refreshed first when it has expired, as Strava takes only a live one). Tokens Strava no longer
 * honours mean the athlete revoked RaceFinder already: nothing is left to do.
 */
async function deauthorizeDeparted(message: Extract<ParsedSyncMessage, { kind: 'deauthorize' }>, context: SyncContext): Promise<void> {
  const tokens = decryptTokens(message.tokens, context.keys.tokenKey, message.sub);
  try {
    await deauthorizeWithStored(context.settings, tokens, message.expiresAt, context.now(), context.call);
  } catch (error) {
    const refused = error instanceof StravaApiError && (error.status === 400 || error.status === 401);
    if (!refused) throw error;
    logger.info('strava refused the departed person\'s tokens: RaceFinder was deauthorized already', { status: error.status });
  }
}

export async function applySyncMessage(message: ParsedSyncMessage, context: SyncContext): Promise<void> {
  if (message.kind === 'event') return applyEvent(message.event, context);
  if (message.kind === 'backfill') return applyBackfillPage(message, context);
  if (message.kind === 'deauthorize') return deauthorizeDeparted(message, context);
  return applyBackfillActivity(message, context);
}

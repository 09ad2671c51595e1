/**
 * Strava connections (issue 25, docs/strava.md): an athlete's link to their Strava account, with the tokens
 * encrypted (lambdas/strava/token-crypto.ts: never stored in the clear), and the lookup from Strava's athlete id
 * (all a webhook event names) back to the person. Both are written and deleted in one transaction. No
 * defineEntity for the athlete lookup and the rate record: they hold a key or two and are read by key only.
 *
 * | item                | PK                          | SK                | holds                                                          |
 * | connection          | USER#<sub>                  | STRAVA            | athlete id and name, scope, tokens (ciphertext), expiresAt, tokenVersion, connectedAt, lastSyncAt, backfill |
 * | athlete lookup      | STRAVA#ATHLETE#<athleteId>  | STRAVA#ATHLETE    | sub                                                            |
 * | rate limit record   | STRAVA#RATE                 | STRAVA#RATE       | blockedUntil (ISO), the last usage Strava reported             |
 *
 * Access patterns (docs/data-model.md): the caller's connection (table, PK = USER#<sub>, SK = STRAVA); the person of
 * a Strava athlete (table, PK = STRAVA#ATHLETE#<id>); whether Strava's limits say wait (table, PK = STRAVA#RATE).
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { IsoDateTimeSchema } from '#shared/schemas/common';
import type { StravaConnection } from '#shared/schemas/strava';
import { ConflictError } from '#lib/errors';
import { defineEntity } from '#lib/kit/entity';
import { table } from '#lib/kit/table';
import { transact, transactOnce } from '#lib/kit/transact';
import { queueUrlFrom, sqs } from '#lib/sqs';
import { isConditionFailure } from '#lib/transactions';

export const stravaConnectionKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'STRAVA' });
const athleteKey = (athleteId: string) => ({ PK: `STRAVA#ATHLETE#${athleteId}`, SK: 'STRAVA#ATHLETE' });
const RATE_KEY = { PK: 'STRAVA#RATE', SK: 'STRAVA#RATE' };

const StoredConnectionSchema = z.object({
  athleteId: z.string(),
  athleteName: z.string(),
  scope: z.string(),
  /** t1.<nonce>.<ciphertext>.<tag>: the access and refresh tokens, encrypted for this sub. */
  tokens: z.string(),
  /** When the access token expires, seconds since the epoch. */
  expiresAt: z.number().int(),
  /** Moves with every token refresh, so two workers refreshing at once do not write over each other's tokens. */
  tokenVersion: z.number().int(),
  connectedAt: IsoDateTimeSchema,
  lastSyncAt: IsoDateTimeSchema.optional(),
  backfill: z.object({
    since: IsoDateTimeSchema,
    /** Every page of the athlete's activities has been listed and queued. */
    listed: z.boolean(),
    /** Activities queued by the backfill and not yet done. */
    pending: z.number().int(),
    imported: z.number().int(),
  }),
});
export type StoredStravaConnection = z.infer<typeof StoredConnectionSchema>;

const connections = defineEntity<StoredStravaConnection, [string]>({ name: 'strava-connection', key: stravaConnectionKey, schema: StoredConnectionSchema });

export async function getStravaConnection(sub: string): Promise<StoredStravaConnection | undefined> {
  return connections.get(stravaConnectionKey(sub), { consistent: true });
}

/** What the athlete's page shows of a connection. */
export function connectionView(stored: StoredStravaConnection | undefined, available: boolean): StravaConnection {
  if (!stored) return { connected: false, available };
  const { backfill } = stored;
  return {
    connected: true,
    available: true,
    athleteId: stored.athleteId,
    athleteName: stored.athleteName,
    connectedAt: stored.connectedAt,
    ...(stored.lastSyncAt ? { lastSyncAt: stored.lastSyncAt } : {}),
    backfill: { status: backfill.listed && backfill.pending <= 0 ? 'done' : 'running', imported: backfill.imported, since: backfill.since },
  };
}

export class StravaAthleteTakenError extends ConflictError {
  constructor() {
    super('This Strava account is already connected to another RaceFinder account. Disconnect it there first.');
  }
}

export interface NewStravaConnection {
  readonly athleteId: string;
  readonly athleteName: string;
  readonly scope: string;
  readonly tokens: string;
  readonly expiresAt: number;
  readonly since: string;
}

/**
 * Stores a new connection (replacing the caller's earlier one, and its athlete lookup when that named another
 * Strava account) with the lookup of its athlete, in one transaction. A Strava account already linked to someone
 * else is refused: its events would otherwise land in two logs, or the wrong one.
 */
export async function saveStravaConnection(sub: string, connection: NewStravaConnection, now: Date = new Date()): Promise<StoredStravaConnection> {
  const stored: StoredStravaConnection = {
    athleteId: connection.athleteId,
    athleteName: connection.athleteName,
    scope: connection.scope,
    tokens: connection.tokens,
    expiresAt: connection.expiresAt,
    tokenVersion: 1,
    connectedAt: now.toISOString(),
    backfill: { since: connection.since, listed: false, pending: 0, imported: 0 },
  };
  const earlier = await getStravaConnection(sub);
  await transact(
    () => [
      { Put: { Item: connections.item(stravaConnectionKey(sub), stored) } },
      {
        Put: {
          Item: { ...athleteKey(connection.athleteId), entity: 'strava-athlete', sub },
          ConditionExpression: 'attribute_not_exists(PK) OR #sub = :sub',
          ExpressionAttributeNames: { '#sub': 'sub' },
          ExpressionAttributeValues: { ':sub': sub },
        },
        ifConditionFails: new StravaAthleteTakenError(),
      },
      ...(earlier && earlier.athleteId !== connection.athleteId ? [{ Delete: { Key: athleteKey(earlier.athleteId) } }] : []),
    ],
    { attempts: 2 },
  );
  return stored;
}

/** Writes refreshed tokens over the ones read (their tokenVersion); false when another refresh got there first. */
export async function replaceStravaTokens(sub: string, fromVersion: number, tokens: string, expiresAt: number): Promise<boolean> {
  try {
    await connections.update(stravaConnectionKey(sub), {
      UpdateExpression: 'SET tokens = :tokens, expiresAt = :expiresAt, tokenVersion = :next',
      ConditionExpression: 'tokenVersion = :from',
      ExpressionAttributeValues: { ':tokens': tokens, ':expiresAt': expiresAt, ':next': fromVersion + 1, ':from': fromVersion },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The person a Strava athlete is connected to, if anyone. */
export async function subOfStravaAthlete(athleteId: string): Promise<string | undefined> {
  const { Item } = await table.get({ Key: athleteKey(athleteId), ConsistentRead: true });
  return typeof Item?.sub === 'string' ? Item.sub : undefined;
}

/**
 * Deletes the connection (its tokens) and its athlete lookup, in one transaction: a disconnect, Strava's
 * deauthorization, an account being deleted. The lookup goes only while it still names this person. A caller that
 * has just read the connection passes it (`read`) rather than have it read again.
 */
export async function deleteStravaConnection(sub: string, read?: StoredStravaConnection): Promise<StoredStravaConnection | undefined> {
  const stored = read ?? (await getStravaConnection(sub));
  if (!stored) return undefined;
  const lookup = { ConditionExpression: 'attribute_not_exists(PK) OR #sub = :sub', ExpressionAttributeNames: { '#sub': 'sub' }, ExpressionAttributeValues: { ':sub': sub } };
  try {
    await transactOnce([{ Delete: { Key: stravaConnectionKey(sub) } }, { Delete: { Key: athleteKey(stored.athleteId), ...lookup } }]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The lookup names someone who connected this Strava account since: theirs stays, this person's link goes.
    await table.delete({ Key: stravaConnectionKey(sub) });
  }
  return stored;
}

/** The Strava sync queue's URL (lambdas/strava/sync-queue.ts puts the sync's own messages on it). */
export const stravaQueueUrl = () => queueUrlFrom('STRAVA_QUEUE_URL');

/**
 * The sync queue's message that takes RaceFinder off the Strava account of a person who deleted theirs: the sync
 * worker, which has the keys and keeps to Strava's limits, deauthorizes with the tokens (lambdas/strava/sync.ts).
 * The tokens travel as stored, encrypted for the person.
 */
export const StravaDeauthorizationSchema = z.object({
  kind: z.literal('deauthorize'),
  sub: z.string().min(1),
  tokens: z.string().min(1),
  expiresAt: z.number().int(),
});

/** Queues the deauthorization of a connection that is being deleted with its person (account deletion). */
export async function queueStravaDeauthorization(sub: string, connection: StoredStravaConnection): Promise<void> {
  const message: z.input<typeof StravaDeauthorizationSchema> = { kind: 'deauthorize', sub, tokens: connection.tokens, expiresAt: connection.expiresAt };
  await sqs().send(new SendMessageCommand({ QueueUrl: stravaQueueUrl(), MessageBody: JSON.stringify(message) }));
}

/** What one activity the sync brought in moves on the connection: the last sync, and the backfill's counts. */
export async function recordStravaSync(sub: string, change: { readonly at: Date; readonly imported: boolean; readonly fromBackfill: boolean }): Promise<void> {
  const sets = ['lastSyncAt = :at'];
  const adds: string[] = [];
  if (change.fromBackfill) adds.push('backfill.pending :minusOne');
  if (change.fromBackfill && change.imported) adds.push('backfill.imported :one');
  try {
    await connections.update(stravaConnectionKey(sub), {
      UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': change.at.toISOString(), ...(adds.length ? { ':minusOne': -1 } : {}), ...(change.fromBackfill && change.imported ? { ':one': 1 } : {}) },
    });
  } catch (error) {
    // Disconnected meanwhile: nothing left to count on.
    if (!isConditionFailure(error)) throw error;
  }
}

/** A backfill page listed: `queued` more activities pending, and whether it was the last page. */
export async function recordBackfillPage(sub: string, queued: number, last: boolean): Promise<void> {
  try {
    await connections.update(stravaConnectionKey(sub), {
      UpdateExpression: `ADD backfill.pending :queued${last ? ' SET backfill.listed = :true' : ''}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':queued': queued, ...(last ? { ':true': true } : {}) },
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Until when Strava's limits say to wait (Strava's windows are the deployment's, shared by every worker). */
export async function stravaBlockedUntil(): Promise<Date | undefined> {
  const { Item } = await table.get({ Key: RATE_KEY });
  const until = typeof Item?.blockedUntil === 'string' ? new Date(Item.blockedUntil) : undefined;
  return until && !Number.isNaN(until.getTime()) ? until : undefined;
}

export async function blockStravaUntil(until: Date, reason: string): Promise<void> {
  // Never shortens a longer wait another worker recorded (a daily limit outlasts a 15-minute one).
  try {
    await table.put({
      Item: { ...RATE_KEY, entity: 'strava-rate', blockedUntil: until.toISOString(), reason },
      ConditionExpression: 'attribute_not_exists(blockedUntil) OR blockedUntil < :until',
      ExpressionAttributeValues: { ':until': until.toISOString() },
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

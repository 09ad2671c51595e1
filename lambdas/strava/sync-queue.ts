/**
 * The Strava sync queue (docs/strava.md): the webhook route puts each event on it and answers Strava at once; the
 * sync worker (sync-worker.ts) takes them off. The backfill runs on it too, a page of the athlete's activities per
 * message and one message per activity, so a rate limit or a failure delays one piece and loses nothing. SQS in AWS
 * (STRAVA_QUEUE_URL, with a dead-letter queue: infra/strava-sync.ts); locally the SQS stand-in through SQS_ENDPOINT.
 */
import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '#lib/sqs';
import * as z from 'zod';
import { StravaEventSchema } from '#shared/schemas/strava';
import { StravaDeauthorizationSchema, stravaQueueUrl } from '#data/strava-connection';
import { StravaActivitySchema } from './strava-api.ts';
import { chunksOf } from '#shared/chunks';

const Deferred = { deferred: z.int().nonnegative().optional() };

export const SyncMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), event: StravaEventSchema, ...Deferred }),
  /** One page of the backfill: the athlete's activities started after `after` (seconds since the epoch). */
  z.object({ kind: z.literal('backfill'), sub: z.string().min(1), athleteId: z.string(), after: z.int(), page: z.int().positive(), ...Deferred }),
  /** One activity the backfill listed, with the summary the list gave (its streams are still to fetch). */
  z.object({ kind: z.literal('activity'), sub: z.string().min(1), athleteId: z.string(), activity: StravaActivitySchema, ...Deferred }),
  /** A deleted account's connection, to deauthorize at Strava. */
  StravaDeauthorizationSchema.extend(Deferred),
]);
export type SyncMessage = z.input<typeof SyncMessageSchema>;
export type ParsedSyncMessage = z.output<typeof SyncMessageSchema>;

/** SQS's longest delay for one message. */
export const MAX_DELAY_SECONDS = 900;
const BATCH = 10;

/** Puts one message on the queue, visible after `delaySeconds` (at most 900). */
export async function enqueueSync(message: SyncMessage, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: stravaQueueUrl(), MessageBody: JSON.stringify(message), ...(delaySeconds > 0 ? { DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.ceil(delaySeconds)) } : {}) }),
  );
}

/** Puts many, ten to a batch; throws naming how many SQS refused (the caller's message is then retried whole). */
export async function enqueueSyncBatch(messages: readonly SyncMessage[]): Promise<void> {
  for (const batch of chunksOf(messages, BATCH)) {
    const entries = batch.map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) }));
    const { Failed = [] } = await sqs().send(new SendMessageBatchCommand({ QueueUrl: stravaQueueUrl(), Entries: entries }));
    if (Failed.length > 0) throw new Error(`SQS refused ${Failed.length} of ${entries.length} Strava sync messages`);
  }
}

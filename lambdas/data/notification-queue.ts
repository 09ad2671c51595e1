/**
 * The queue of notifications to send (issue 23): producers (decisions, race changes, the daily and weekly jobs)
 * put one message per person on it, and the sender (lambdas/notifications/send-notifications.ts) drains it at the
 * rate SES allows. SQS in AWS (NOTIFICATION_QUEUE_URL, with a dead-letter queue and an alarm: infra/notifications.ts);
 * locally the SQS stand-in, reached through SQS_ENDPOINT, and the same sender run by the local event source.
 *
 * Messages go ten to a SendMessageBatch, several batches in flight: a race change saved by 10,000 people is a
 * thousand batches. Entries SQS refused in a batch are sent again (with backoff) before the call gives up.
 */
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import { queueUrlFrom, sqs } from '#lib/sqs';
import { ulid } from 'ulid';
import { NotificationMessageSchema, type NotificationMessage } from '#shared/schemas/notification-message';
import { TTL_ATTRIBUTE } from '#shared/table';
import { backoff } from '#lib/backoff';
import { deleteInBatches, inParallel, putInBatches } from '#lib/kit/batch-write';
import { queryPages } from '#lib/kit/table';
import { logger } from '#lib/logger';
import { chunksOf } from '#shared/chunks';

/** SendMessageBatch's own limit. */
const BATCH = 10;
const BATCHES_IN_FLIGHT = 8;
const ATTEMPTS = 4;

const queueUrl = () => queueUrlFrom('NOTIFICATION_QUEUE_URL');

async function sendBatch(url: string, entries: SendMessageBatchRequestEntry[]): Promise<void> {
  let pending = entries;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === ATTEMPTS) throw new Error(`SQS refused ${pending.length} notification(s) ${ATTEMPTS} times`);
    if (attempt > 0) await backoff(attempt - 1, { baseMs: 100, maxMs: 2000 });
    const { Failed = [] } = await sqs().send(new SendMessageBatchCommand({ QueueUrl: url, Entries: pending }));
    const failed = new Set(Failed.map((entry) => entry.Id));
    pending = pending.filter((entry) => failed.has(entry.Id));
  }
}

/** Puts the messages on the queue; throws only when some could not be put after retries. */
export async function enqueueNotifications(messages: readonly NotificationMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const url = queueUrl();
  const batches = chunksOf(messages, BATCH).map((batch) => batch.map((message, index): SendMessageBatchRequestEntry => ({ Id: String(index), MessageBody: JSON.stringify(message) })));
  await inParallel(batches, BATCHES_IN_FLIGHT, (batch) => sendBatch(url, batch));
}

/**
 * Notifications SQS would not take after a write (an outage past the retries): kept in the table, one item each,
 * until the daily job's sweep puts them on the queue (sweepOutbox). They name their person, so they expire.
 *
 * | item            | PK            | SK     | TTL    |
 * | kept message    | NOTIFY#OUTBOX | <ulid> | 7 days |
 */
export const OUTBOX_PARTITION = 'NOTIFY#OUTBOX';
const OUTBOX_KEEP_SECONDS = 7 * 86_400;

async function keepInOutbox(messages: readonly NotificationMessage[], now: Date): Promise<void> {
  const expires = Math.floor(now.getTime() / 1000) + OUTBOX_KEEP_SECONDS;
  await putInBatches(messages.map((message) => ({ PK: OUTBOX_PARTITION, SK: ulid(now.getTime()), entity: 'outbox-message', message, [TTL_ATTRIBUTE]: expires })));
}

/**
 * Tells people about a write that already happened (a decision, a payment). The write stands whatever becomes of
 * the message: a queue that cannot be reached after the retries leaves the messages in the outbox for the next
 * sweep, and the request still succeeds. Only when the table refuses them too are they lost, and logged with what
 * was not sent, for the operators' alarm on errors (infra/operations.ts).
 */
export async function notifyAfterWrite(messages: readonly NotificationMessage[], now: Date = new Date()): Promise<void> {
  try {
    await enqueueNotifications(messages);
  } catch (error) {
    const what = messages.map(({ sub, kind, subject, day }) => ({ sub, kind, subject, day }));
    try {
      await keepInOutbox(messages, now);
      logger.warn('notifications kept in the outbox: the queue refused them', { error: error as Error, messages: what });
    } catch (outboxError) {
      logger.error('notifications not enqueued', { error: error as Error, outboxError: outboxError as Error, messages: what });
    }
  }
}

/**
 * Puts every message the outbox keeps on the queue, then deletes it; answers how many. A message the sender has
 * delivered already is delivered once (its idempotency key), so a sweep cut off between the two repeats nothing.
 */
export async function sweepOutbox(): Promise<number> {
  let swept = 0;
  for await (const items of queryPages({ KeyConditionExpression: 'PK = :outbox', ExpressionAttributeValues: { ':outbox': OUTBOX_PARTITION } })) {
    const kept = items.flatMap((item) => {
      const parsed = NotificationMessageSchema.safeParse(item.message);
      return parsed.success ? [parsed.data as NotificationMessage] : [];
    });
    await enqueueNotifications(kept);
    // What does not parse (a kind this code no longer has) is dropped with the rest: it could never be sent.
    await deleteInBatches(items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) })));
    swept += kept.length;
  }
  return swept;
}

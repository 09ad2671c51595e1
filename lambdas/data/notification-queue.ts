/**
 * The queue of notifications to send (issue 23): producers (decisions, race changes, the daily and weekly jobs)
 * put one message per person on it, and the sender (lambdas/notifications/send-notifications.ts) drains it at the
 * rate SES allows. SQS in AWS (NOTIFICATION_QUEUE_URL, with a dead-letter queue and an alarm: infra/notifications.ts);
 * locally the SQS stand-in, reached through SQS_ENDPOINT, and the same sender run by the local event source.
 *
 * Messages go ten to a SendMessageBatch, several batches in flight: a race change saved by 10,000 people is a
 * thousand batches. Entries SQS refused in a batch are sent again (with backoff) before the call gives up.
 */
import { SQSClient, SendMessageBatchCommand, type SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import { backoff } from '#lib/backoff';
import { inParallel } from '#lib/kit/batch-write';
import { logger } from '#lib/logger';

/** SendMessageBatch's own limit. */
const BATCH = 10;
const BATCHES_IN_FLIGHT = 8;
const ATTEMPTS = 4;

let client: SQSClient | undefined;

function sqs(): SQSClient {
  const endpoint = process.env.SQS_ENDPOINT?.trim() || undefined;
  client ??= new SQSClient({ ...(endpoint ? { endpoint } : {}) });
  return client;
}

function queueUrl(): string {
  const url = process.env.NOTIFICATION_QUEUE_URL?.trim();
  if (!url) throw new Error('Missing required environment variable NOTIFICATION_QUEUE_URL');
  return url;
}

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
  const batches: SendMessageBatchRequestEntry[][] = [];
  for (let start = 0; start < messages.length; start += BATCH) {
    batches.push(messages.slice(start, start + BATCH).map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) })));
  }
  await inParallel(batches, BATCHES_IN_FLIGHT, (batch) => sendBatch(url, batch));
}

/**
 * Tells people about a write that already happened (a decision, a payment). The write stands whatever becomes of
 * the message: a queue that cannot be reached after the retries is logged with what was not sent, for the
 * operators' alarm on errors (infra/operations.ts), and the request still succeeds.
 */
export async function notifyAfterWrite(messages: readonly NotificationMessage[]): Promise<void> {
  try {
    await enqueueNotifications(messages);
  } catch (error) {
    logger.error('notifications not enqueued', { error: error as Error, messages: messages.map(({ sub, kind, subject, day }) => ({ sub, kind, subject, day })) });
  }
}

/**
 * The notification queue of the local stack, as infra/notifications.ts builds it in AWS: the SQS stand-in with
 * the queue and its dead-letter queue (five receives), and the event source that feeds the sender's handler
 * (lambdas/notifications/send-notifications.ts) batches of ten, in this process. Producers reach the queue
 * through SQS_ENDPOINT and NOTIFICATION_QUEUE_URL (handler-env.ts), exactly as in AWS.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { startSqsEventSource, type SqsEventSource } from './sqs/event-source.ts';
import { startSqsStandIn, type SqsQueueDeclaration, type SqsStandIn } from './sqs/stand-in.ts';

export const NOTIFICATION_QUEUE = 'racefinder-notifications';
export const NOTIFICATION_DLQ = 'racefinder-notifications-dlq';
/** As in AWS (infra/notifications.ts): a message failing this many receives goes to the dead-letter queue. */
export const NOTIFICATION_MAX_RECEIVES = 5;
/** A failed message comes back this soon: long enough to ride out a passing SES fault, short for a person watching. */
const VISIBILITY_TIMEOUT_SECONDS = 30;

export interface LocalNotificationQueue {
  readonly sqs: SqsStandIn;
  readonly queueUrl: string;
  readonly deadLetterQueueUrl: string;
  stop(): Promise<void>;
}

/**
 * `moreQueues`: the stack's other queues (the Strava sync queue, infra/local/strava/sync-queue.ts) on the same stand-in,
 * since the handlers reach every queue through the one SQS_ENDPOINT, as they reach SQS in AWS.
 */
export async function startLocalNotificationQueue(moreQueues: readonly SqsQueueDeclaration[] = []): Promise<LocalNotificationQueue> {
  const sqs = await startSqsStandIn({
    queues: [
      { name: NOTIFICATION_DLQ },
      { name: NOTIFICATION_QUEUE, visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS, redrive: { deadLetterQueue: NOTIFICATION_DLQ, maxReceiveCount: NOTIFICATION_MAX_RECEIVES } },
      ...moreQueues,
    ],
  });
  return { sqs, queueUrl: sqs.queueUrl(NOTIFICATION_QUEUE), deadLetterQueueUrl: sqs.queueUrl(NOTIFICATION_DLQ), stop: () => sqs.stop() };
}

/**
 * The sender, fed from the queue. Its module (the e-mail templates) is imported with the first batch, once the
 * handlers' environment is complete, so a stack that sends nothing never loads it.
 */
export async function startLocalSender(queue: LocalNotificationQueue): Promise<SqsEventSource> {
  let sender: Promise<(event: SQSEvent) => Promise<SQSBatchResponse>> | undefined;
  return startSqsEventSource({
    endpoint: queue.sqs.url,
    queueUrl: queue.queueUrl,
    batchSize: 10,
    handler: async (event) => {
      sender ??= import('../../lambdas/notifications/send-notifications.ts').then((module) => module.handler);
      return (await sender)(event);
    },
    onError: (error, during) => console.warn(`notification sender (${during}):`, error instanceof Error ? error.message : error),
  });
}

/**
 * The Strava sync queue of the local stack, as infra/strava-sync.ts builds it in AWS: a queue and its dead-letter
 * queue on the stack's SQS stand-in (declared with the notification queue's, one SQS_ENDPOINT for the handlers),
 * and the event source that feeds the worker (lambdas/strava/sync-worker.ts) in this process.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { startSqsEventSource, type SqsEventSource } from '../sqs/event-source.ts';
import type { SqsQueueDeclaration } from '../sqs/stand-in.ts';

export const STRAVA_QUEUE = 'racefinder-strava-sync';
export const STRAVA_DLQ = 'racefinder-strava-sync-dlq';
/** As in AWS (infra/strava-sync.ts): a message failing this many receives goes to the dead-letter queue. */
export const STRAVA_MAX_RECEIVES = 5;
/** A failed message comes back this soon: a passing fault of Strava's or the table's, with someone watching. */
const VISIBILITY_TIMEOUT_SECONDS = 20;

export const STRAVA_QUEUES: readonly SqsQueueDeclaration[] = [
  { name: STRAVA_DLQ },
  { name: STRAVA_QUEUE, visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS, redrive: { deadLetterQueue: STRAVA_DLQ, maxReceiveCount: STRAVA_MAX_RECEIVES } },
];

/** The worker, fed from the queue; its module is imported with the first batch, once the handlers' environment is complete. */
export async function startLocalStravaWorker(sqsEndpoint: string, queueUrl: string): Promise<SqsEventSource> {
  let worker: Promise<(event: SQSEvent) => Promise<SQSBatchResponse>> | undefined;
  return startSqsEventSource({
    endpoint: sqsEndpoint,
    queueUrl,
    batchSize: 5,
    handler: async (event) => {
      worker ??= import('../../../lambdas/strava/sync-worker.ts').then((module) => module.handler);
      return (await worker)(event);
    },
    onError: (error, during) => console.warn(`strava sync worker (${during}):`, error instanceof Error ? error.message : error),
  });
}

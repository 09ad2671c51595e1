/**
 * The Strava sync worker (docs/strava.md): the SQS event source hands it batches of the Strava queue and it applies
 * each message (sync.ts). It answers with the messages that failed (ReportBatchItemFailures): those come back after
 * the visibility timeout, and after the queue's maxReceiveCount they wait in the dead-letter queue for an operator.
 *
 * Strava's rate limits are kept here, for every worker at once (the record in the table, lambdas/data/strava-connection.ts):
 * an answer whose usage is near a limit, or a 429, records until when to wait; a message met while waiting is sent
 * back onto the queue with a delay (at most SQS's 15 minutes; a daily wait takes several) and counts as done, so a
 * long wait never walks a message into the dead-letter queue and no event is lost. A message that does not parse can
 * never succeed: it is reported failed too, so the dead-letter queue keeps it for someone to read.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { blockStravaUntil, stravaBlockedUntil } from '#data/strava-connection';
import { logger } from '#lib/logger';
import { StravaApiError, stravaSettings, type RateUsage } from './strava-api.ts';
import { stravaKeys } from './strava-keys.ts';
import { cappedWait, maxWaitSecondsFromEnv, waitAfter, waitAfterRefusal } from './rate-limits.ts';
import { applySyncMessage, type SyncContext } from './sync.ts';
import { enqueueSync, SyncMessageSchema, type ParsedSyncMessage } from './sync-queue.ts';

const MAX_WAIT_SECONDS = maxWaitSecondsFromEnv();

export interface WorkerDependencies {
  readonly now: () => Date;
  readonly apply: (message: ParsedSyncMessage, context: SyncContext) => Promise<void>;
  /** Puts a message back on the queue after `delaySeconds`. */
  readonly requeue: (message: ParsedSyncMessage, delaySeconds: number) => Promise<void>;
  readonly context: () => Promise<Omit<SyncContext, 'call' | 'now'>>;
}

export function createSyncWorker(dependencies: WorkerDependencies) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    const { now } = dependencies;
    let waitUntil = await stravaBlockedUntil();
    /** Records a wait for every worker, and for the rest of this batch. */
    const wait = async (until: Date, reason: string) => {
      const capped = cappedWait(until, now(), MAX_WAIT_SECONDS);
      if (waitUntil && waitUntil >= capped) return;
      waitUntil = capped;
      logger.info('strava rate limit: waiting', { until: capped.toISOString(), reason });
      await blockStravaUntil(capped, reason);
    };
    const onRate = async (usage: RateUsage) => {
      const until = waitAfter(usage, now());
      if (until) await wait(until, `usage ${usage.usage15}/${usage.limit15} (15 min), ${usage.usageDay}/${usage.limitDay} (day)`);
    };
    let base: Omit<SyncContext, 'call' | 'now'> | undefined;

    for (const record of event.Records) {
      let message: ParsedSyncMessage;
      try {
        message = SyncMessageSchema.parse(JSON.parse(record.body));
      } catch (error) {
        logger.error('strava sync message does not parse; left for the dead-letter queue', { messageId: record.messageId, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
        continue;
      }
      try {
        if (waitUntil && waitUntil > now()) {
          await dependencies.requeue({ ...message, deferred: (message.deferred ?? 0) + 1 }, (waitUntil.getTime() - now().getTime()) / 1000);
          continue;
        }
        base ??= await dependencies.context();
        await dependencies.apply(message, { ...base, now, call: { onRate } });
      } catch (error) {
        let failure = error;
        if (error instanceof StravaApiError && error.status === 429) {
          await wait(waitAfterRefusal(error.rate, now()), 'Strava answered 429');
          try {
            await dependencies.requeue({ ...message, deferred: (message.deferred ?? 0) + 1 }, (waitUntil!.getTime() - now().getTime()) / 1000);
            continue;
          } catch (requeueError) {
            // Not requeued: reported failed, so SQS hands it back after the visibility timeout instead.
            failure = requeueError;
          }
        }
        logger.warn('strava sync message not applied; the queue will retry it', { messageId: record.messageId, kind: message.kind, receiveCount: record.attributes.ApproximateReceiveCount, error: failure as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

export const handler = createSyncWorker({
  now: () => new Date(),
  apply: applySyncMessage,
  requeue: (message, delaySeconds) => enqueueSync(message, Math.max(1, delaySeconds)),
  context: async () => {
    const [settings, keys] = await Promise.all([stravaSettings(), stravaKeys()]);
    return { settings, keys };
  },
});

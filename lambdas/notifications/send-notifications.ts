/**
 * The notification sender (issue 23): the SQS event source hands it batches from the notification queue, and it
 * delivers each message (deliver.ts: inbox item, idempotency record, e-mail), calling SES at most
 * SEND_RATE_PER_SECOND times a second, within the SES account's quota (infra/notifications.ts divides the quota among the sender's concurrent
 * containers).
 *
 * It answers with the messages that failed (ReportBatchItemFailures): only those come back after the visibility
 * timeout, and after the queue's maxReceiveCount they move to the dead-letter queue, whose alarm tells the
 * operators. A message that does not parse can never succeed, so it is reported failed too rather than dropped:
 * the dead-letter queue keeps it for someone to read. Messages already delivered in a retried batch write and
 * send nothing (the delivery record), so a retry never mails anyone twice.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { NotificationMessageSchema, type NotificationMessage } from '#shared/schemas/notification-message';
import { logger } from '#lib/logger';
import { ses } from '#lib/ses';
import { deliver, type DeliveryDependencies } from './deliver.ts';

/** SES's sandbox quota is 1 a second, a production account's starts at 14: the default stays under both. */
const DEFAULT_RATE_PER_SECOND = 1;

export function sendRatePerSecond(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SEND_RATE_PER_SECOND?.trim();
  if (!raw) return DEFAULT_RATE_PER_SECOND;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`SEND_RATE_PER_SECOND must be a positive number, got ${raw}`);
  return rate;
}

/**
 * Spaces sends at least 1/rate seconds apart within this container, across batches: a container that just
 * finished a batch does not start the next one with a burst.
 */
export class SendPacer {
  #next = 0;
  constructor(
    private readonly ratePerSecond: number,
    private readonly clock: { now(): number; sleep(ms: number): Promise<void> } = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
  ) {}

  async turn(): Promise<void> {
    const now = this.clock.now();
    const at = Math.max(now, this.#next);
    this.#next = at + 1000 / this.ratePerSecond;
    if (at > now) await this.clock.sleep(at - now);
  }
}

/** The sender over a pacer: only SES calls wait their turn (an inbox-only message costs SES nothing). */
export function createSender(pacer: SendPacer, send: DeliveryDependencies['send'] = (command) => ses().send(command)) {
  const dependencies: DeliveryDependencies = {
    now: () => new Date(),
    send: async (command) => {
      await pacer.turn();
      return send(command);
    },
  };
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      let message: NotificationMessage;
      try {
        message = NotificationMessageSchema.parse(JSON.parse(record.body)) as NotificationMessage;
      } catch (error) {
        logger.error('notification message does not parse; left for the dead-letter queue', { messageId: record.messageId, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
        continue;
      }
      try {
        await deliver(message, dependencies);
      } catch (error) {
        logger.warn('notification not delivered; the queue will retry it', { messageId: record.messageId, kind: message.kind, receiveCount: record.attributes.ApproximateReceiveCount, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

export const handler = createSender(new SendPacer(sendRatePerSecond()));

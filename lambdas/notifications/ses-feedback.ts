/**
 * SES's feedback on the notification mail (issue 23): the configuration set the sender mails through publishes its
 * bounce and complaint events to an SNS topic (infra/notifications.ts), which invokes this function. An address that
 * bounced hard or whose owner marked the mail as spam goes on the suppression list (lambdas/data/email-suppression.ts),
 * and the sender never mails it again: mailing such addresses is what gets an SES account paused.
 *
 * A transient bounce (a full mailbox, a server down for a while) suppresses nothing: SES has already retried it, and
 * the next message may well arrive. Event types other than the two are ignored (the destination is limited to those,
 * so one would mean someone widened it). A bounce or complaint that does not parse throws: Lambda retries the SNS
 * delivery twice, and then the function's errors raise the triggers' alarm (infra/operations.ts), since SES may have
 * changed what it sends and addresses are no longer being suppressed.
 *
 * Addresses are never logged: the suppression list itself keeps only their hashes.
 */
import type { SNSEvent } from 'aws-lambda';
import * as z from 'zod';
import { suppress, type SuppressionReason } from '#data/email-suppression';
import { logger } from '#lib/logger';

const RecipientsSchema = z.array(z.object({ emailAddress: z.string().trim().min(3).max(320).includes('@') })).min(1);
// SES writes ISO times ("2026-11-28T17:04:12.345Z"); one that is missing or odd falls back to SNS's own time.
const TimestampSchema = z.iso.datetime({ offset: true }).optional().catch(undefined);

/** The parts of SES's event data (SESv2 event publishing, `eventType`) that decide a suppression. */
const FeedbackEventSchema = z.discriminatedUnion('eventType', [
  z.object({
    eventType: z.literal('Bounce'),
    bounce: z.object({ bounceType: z.string(), bouncedRecipients: RecipientsSchema, timestamp: TimestampSchema }),
  }),
  z.object({
    eventType: z.literal('Complaint'),
    complaint: z.object({ complainedRecipients: RecipientsSchema, timestamp: TimestampSchema }),
  }),
]);

const HANDLED_EVENT_TYPES: readonly string[] = ['Bounce', 'Complaint'];

export interface Suppression {
  readonly address: string;
  readonly reason: SuppressionReason;
  readonly at: Date;
}

/**
 * The addresses one SES event puts on the suppression list: every recipient of a permanent bounce or of a
 * complaint, none for anything else. `receivedAt` (the SNS message's time) stands in for a missing event time.
 */
export function suppressionsOf(message: unknown, receivedAt: Date): Suppression[] {
  const eventType = (message as { eventType?: unknown } | null)?.eventType;
  if (typeof eventType !== 'string' || !HANDLED_EVENT_TYPES.includes(eventType)) {
    logger.warn('SES event of a type this function does not handle; ignored', { eventType: String(eventType) });
    return [];
  }
  const event = FeedbackEventSchema.parse(message);
  if (event.eventType === 'Bounce') {
    if (event.bounce.bounceType !== 'Permanent') return [];
    const at = event.bounce.timestamp ? new Date(event.bounce.timestamp) : receivedAt;
    return event.bounce.bouncedRecipients.map(({ emailAddress }) => ({ address: emailAddress, reason: 'bounce', at }));
  }
  const at = event.complaint.timestamp ? new Date(event.complaint.timestamp) : receivedAt;
  return event.complaint.complainedRecipients.map(({ emailAddress }) => ({ address: emailAddress, reason: 'complaint', at }));
}

export type Suppress = (address: string, reason: SuppressionReason, at: Date) => Promise<void>;

/** The handler over a suppression writer; tests pass their own. */
export function createFeedbackHandler(record: Suppress = suppress) {
  return async (event: SNSEvent): Promise<void> => {
    for (const { Sns } of event.Records) {
      const suppressions = suppressionsOf(JSON.parse(Sns.Message) as unknown, new Date(Sns.Timestamp));
      // One after another: a feedback message names a handful of recipients at most, and suppress() is idempotent,
      // so a retried delivery that had written some of them writes them again harmlessly.
      for (const { address, reason, at } of suppressions) await record(address, reason, at);
      logger.info('SES feedback handled', { messageId: Sns.MessageId, suppressed: suppressions.length });
    }
  };
}

export const handler = createFeedbackHandler();

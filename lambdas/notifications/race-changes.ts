/**
 * The table stream's reader for race changes (issue 23): for each event item an edit, an admin or an import
 * changed, it compares the two images and tells the race's savers what changed (lambdas/data/race-change-notices.ts),
 * and records a race that an edit made public for the daily job's saved searches (lambdas/data/listed-races.ts).
 * Other items pass untouched. A record that fails is reported (ReportBatchItemFailures), so the stream retries it
 * and those after it, and the fan-out's idempotency keys keep a retried record from telling anyone twice.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { fromEventItem } from '#data/event';
import { becameListed, recordListing } from '#data/listed-races';
import { fanOutRaceChange, raceChangesOf } from '#data/race-change-notices';
import { logger } from '#lib/logger';

const isEventItem = (image: Record<string, unknown> | undefined) => image?.entity === 'event' && image.SK === 'EVENT';

function imageOf(record: DynamoDBRecord, which: 'OldImage' | 'NewImage'): Record<string, unknown> | undefined {
  const image = record.dynamodb?.[which];
  return image ? unmarshall(image as Record<string, AttributeValue>) : undefined;
}

/** Tells the savers of the race a record changed; answers how many were told (0 for any other record). */
export async function handleRecord(record: DynamoDBRecord, now: Date = new Date()): Promise<number> {
  if (record.eventName !== 'MODIFY') return 0;
  const [before, after] = [imageOf(record, 'OldImage'), imageOf(record, 'NewImage')];
  if (!isEventItem(before) || !isEventItem(after)) return 0;
  const [was, is] = [fromEventItem(before!), fromEventItem(after!)];
  if (becameListed(was, is)) await recordListing(is.id, is.updatedAt);
  return fanOutRaceChange(is, raceChangesOf(was, is), now);
}

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    try {
      await handleRecord(record);
    } catch (error) {
      logger.error('race change not told; the stream retries it', { eventId: record.dynamodb?.Keys?.PK?.S, error: error as Error });
      // In order: this record and those after it come again.
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

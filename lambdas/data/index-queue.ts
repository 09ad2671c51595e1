/** No defineEntity here: a work queue item (event ids, owner) without a zod schema, read and written whole by the event store. */
/**
 * The queue of event groups whose index items are still to be written (event.ts, createEventsTogether). A group
 * of new events is committed in one transaction with its queue item; its search postings and admin postings
 * follow in batches, and the queue item goes when they are all written. A queue item left behind (the writer
 * crashed, timed out or failed) is the to-do list of whoever finishes the group (event.ts, finishPendingIndexes).
 *
 * | item       | PK            | SK       | attributes                                                  |
 * | queue item | INDEX#PENDING | <ticket> | eventIds; owner (the import job that wrote it), if any     |
 *
 * The ticket is a ULID, so its age is known from it alone, and each event of the group carries it in
 * `indexPending` until its index is written.
 */
import { decodeTime, ulid } from 'ulid';
import { queryPages, table } from '#lib/kit/table';

export const INDEX_QUEUE_PK = 'INDEX#PENDING';

/**
 * A ticket older than this has no writer left: every writer is a Lambda invocation (15 minutes at most) or a
 * local process doing the same work, so a ticket this old is finished by whoever meets it. A younger one may
 * still be in the hands of its writer, and only the writer's own job finishes it early (its owner).
 */
export const INDEX_WRITER_LIMIT_MS = 16 * 60_000;

export const newIndexTicket = (): string => ulid();

/** Whether the writer of this ticket is certainly gone. */
export const isAbandoned = (ticket: string, now: Date = new Date()): boolean => now.getTime() - decodeTime(ticket) > INDEX_WRITER_LIMIT_MS;

export const indexQueueKey = (ticket: string) => ({ PK: INDEX_QUEUE_PK, SK: ticket });

export function indexQueueItem(ticket: string, eventIds: readonly string[], owner: string | undefined): Record<string, unknown> {
  return { ...indexQueueKey(ticket), entity: 'index-queue', eventIds: [...eventIds], ...(owner ? { owner } : {}) };
}

export interface QueuedGroup {
  readonly ticket: string;
  readonly eventIds: readonly string[];
  readonly owner?: string;
}

/** Queued groups that `owner` may finish now: its own, and any whose writer is gone. Oldest first. */
export async function* finishableGroups(owner: string | undefined, now: Date = new Date()): AsyncGenerator<QueuedGroup> {
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': INDEX_QUEUE_PK },
    ConsistentRead: true,
  });
  for await (const items of pages) {
    for (const item of items) {
      const group: QueuedGroup = { ticket: String(item.SK), eventIds: (item.eventIds as string[] | undefined) ?? [], ...(typeof item.owner === 'string' ? { owner: item.owner } : {}) };
      if ((owner !== undefined && group.owner === owner) || isAbandoned(group.ticket, now)) yield group;
    }
  }
}

/** How many groups are queued, whoever may finish them (for checks and tests: the queue is normally empty). */
export async function queuedGroupCount(): Promise<number> {
  const { Count } = await table.query({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': INDEX_QUEUE_PK }, Select: 'COUNT', ConsistentRead: true });
  return Count ?? 0;
}

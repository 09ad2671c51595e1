/**
 * The in-app inbox (issue 23): what the sender tells a person, kept in their own partition, newest first, with
 * the unread count the header's bell shows.
 *
 * | item            | PK         | SK                                  | TTL                          |
 * | inbox item      | USER#<sub> | INBOX#<id>                          | createdAt + INBOX_RETENTION_DAYS |
 * | inbox counter   | USER#<sub> | INBOX                               |                              |
 * | delivery record | USER#<sub> | DELIVERY#<kind>#<subject>#<day>     | day + DELIVERY_RECORD_DAYS   |
 *
 * Ids are ULIDs made at delivery, so SK order is time order and the inbox is one descending Query.
 *
 * The counter item holds `unread`, `version` (every delivery adds 1) and `readThrough`, the newest item id that
 * "mark all read" covered: an item at or below it is read whatever its own `readAt` says, so marking everything
 * read is one write however long the inbox is. It is taken against the version read before the newest item was
 * looked up, so a delivery in between makes it start over rather than be counted as read unseen.
 *
 * The delivery record is the sender's idempotency key (user, kind, subject, day): the first delivery writes it
 * with the inbox item and the counter in one transaction, a retried one finds it and writes nothing; the e-mail
 * marks it sent (emailSentAt) only after SES took the message, so a retry after a failed send still sends.
 *
 * Everything is in the person's partition, so deleting the account (lambdas/users/account-deletion-steps.ts,
 * own-items) takes all of it.
 *
 * Access patterns: a person's inbox, newest first (table, PK = USER#<sub>, begins_with(SK, INBOX#), descending);
 * their unread count (table, SK = INBOX); whether a message was delivered (table, SK = DELIVERY#...).
 */
import { ulid } from 'ulid';
import { ULID_SOURCE } from '#shared/ids';
import { INBOX_PAGE_SIZE, INBOX_RETENTION_DAYS, type InboxItem, type InboxPage, type MarkReadBody } from '#shared/schemas/inbox';
import type { NotificationKind } from '#shared/schemas/notifications';
import { TTL_ATTRIBUTE } from '#shared/table';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { getItem, table } from '#lib/kit/table';
import { AlreadyDone, transact, type TransactItem } from '#lib/kit/transact';
import { inParallel } from '#lib/kit/batch-write';

const DAY_MS = 86_400_000;
/** How long a delivery record keeps a retried message from being sent twice: far longer than any queue retry. */
const DELIVERY_RECORD_DAYS = 30;
const ITEM_PREFIX = 'INBOX#';
/** Conflicting writes to the counter (deliveries and marks at once) retry this many times. */
const ATTEMPTS = 8;
const MARKS_IN_FLIGHT = 8;

const userPk = (sub: string) => `USER#${sub}`;
export const inboxItemKey = (sub: string, id: string) => ({ PK: userPk(sub), SK: `${ITEM_PREFIX}${id}` });
export const inboxCounterKey = (sub: string) => ({ PK: userPk(sub), SK: 'INBOX' });

/** What a delivery is about, once a day at most: the sender's idempotency key. */
export interface DeliveryKey {
  readonly sub: string;
  readonly kind: NotificationKind;
  /** The thing the message is about: an application, a claim, an event and what changed, a saved search. */
  readonly subject: string;
  /** The day of the message (YYYY-MM-DD): the same subject may be told again another day. */
  readonly day: string;
}

export const deliveryRecordKey = (key: DeliveryKey) => ({ PK: userPk(key.sub), SK: `DELIVERY#${key.kind}#${key.subject}#${key.day}` });

/** An inbox item as the sender makes it: what the reader sees, without id, time or read state. */
export type InboxEntry = Pick<InboxItem, 'kind' | 'title' | 'summary' | 'path' | 'actionLabel'>;

interface Counter {
  readonly unread: number;
  readonly version: number;
  readonly readThrough?: string;
}

async function readCounter(sub: string): Promise<Counter> {
  const item = await getItem(inboxCounterKey(sub), { consistent: true });
  return {
    unread: Math.max(0, Number(item?.unread ?? 0)),
    version: Number(item?.version ?? 0),
    ...(typeof item?.readThrough === 'string' ? { readThrough: item.readThrough } : {}),
  };
}

function toInboxItem(item: Record<string, unknown>, readThrough: string | undefined): InboxItem {
  const id = String(item.id);
  return {
    id,
    kind: item.kind as NotificationKind,
    title: String(item.title),
    summary: String(item.summary),
    path: String(item.path),
    actionLabel: String(item.actionLabel),
    createdAt: String(item.createdAt),
    read: typeof item.readAt === 'string' || (readThrough !== undefined && id <= readThrough),
  };
}

export type DeliveryRecord = { readonly emailSentAt?: string };

/** Whether this message was delivered already, and whether its e-mail went out. */
export async function getDeliveryRecord(key: DeliveryKey): Promise<DeliveryRecord | undefined> {
  const item = await getItem(deliveryRecordKey(key), { consistent: true });
  if (!item) return undefined;
  return typeof item.emailSentAt === 'string' ? { emailSentAt: item.emailSentAt } : {};
}

/**
 * Records a delivery and, when the person takes this kind in-app, puts it in their inbox, in one transaction.
 * Answers 'delivered' the first time and 'already' when the record was there (a retried message).
 */
export async function recordDelivery(key: DeliveryKey, entry: InboxEntry | undefined, now: Date): Promise<'delivered' | 'already'> {
  const id = ulid(now.getTime());
  const createdAt = now.toISOString();
  const recordExpiry = Math.floor((Date.parse(`${key.day}T00:00:00Z`) + DELIVERY_RECORD_DAYS * DAY_MS) / 1000);
  return transact(
    () => {
      const items: TransactItem[] = [
        {
          Put: {
            Item: { ...deliveryRecordKey(key), entity: 'notification-delivery', kind: key.kind, deliveredAt: createdAt, ...(entry ? { inboxId: id } : {}), [TTL_ATTRIBUTE]: recordExpiry },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
          ifConditionFails: new AlreadyDone('already'),
        },
      ];
      if (entry) {
        items.push(
          {
            Put: {
              Item: { ...inboxItemKey(key.sub, id), entity: 'inbox-item', id, ...entry, createdAt, [TTL_ATTRIBUTE]: Math.floor((now.getTime() + INBOX_RETENTION_DAYS * DAY_MS) / 1000) },
            },
          },
          {
            Update: {
              Key: inboxCounterKey(key.sub),
              UpdateExpression: 'ADD unread :one, version :one SET entity = :entity',
              ExpressionAttributeValues: { ':one': 1, ':entity': 'inbox-counter' },
            },
          },
        );
      }
      return { items, result: 'delivered' as const };
    },
    { attempts: ATTEMPTS },
  );
}

/** Notes that the message's e-mail went out (SES accepted it), so a retry does not send it again. */
export async function recordEmailSent(key: DeliveryKey, now: Date): Promise<void> {
  await table.update({
    Key: deliveryRecordKey(key),
    UpdateExpression: 'SET emailSentAt = :at',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':at': now.toISOString() },
  });
}

const CURSOR = new RegExp(`^${ITEM_PREFIX}(${ULID_SOURCE})$`);

/** A page of the person's inbox, newest first, and their unread count. The cursor names the last item's id only. */
export async function listInbox(sub: string, cursor: string | undefined): Promise<InboxPage> {
  let startKey: Record<string, string> | undefined;
  if (cursor !== undefined) {
    const match = CURSOR.exec(decodeCursorText(cursor));
    if (!match) throw invalidCursor();
    startKey = inboxItemKey(sub, match[1]!);
  }
  const [counter, { Items = [] }] = await Promise.all([
    readCounter(sub),
    table.query({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': ITEM_PREFIX },
      ScanIndexForward: false,
      Limit: INBOX_PAGE_SIZE + 1,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  ]);
  const items = Items.slice(0, INBOX_PAGE_SIZE).map((item) => toInboxItem(item, counter.readThrough));
  const last = items.at(-1);
  return {
    items,
    unreadCount: counter.unread,
    ...(Items.length > INBOX_PAGE_SIZE && last ? { nextCursor: encodeCursorText(`${ITEM_PREFIX}${last.id}`) } : {}),
  };
}

/** The person's unread count alone (the bell). */
export async function unreadCount(sub: string): Promise<number> {
  return (await readCounter(sub)).unread;
}

/**
 * Marks one item read: its readAt and one fewer unread, unless it is read already (its own readAt, or covered by
 * "mark all read") or not the person's (an id of nobody's inbox changes nothing, as marking twice does).
 */
async function markOneRead(sub: string, id: string, now: Date): Promise<void> {
  await transact(
    () => [
      {
        Update: {
          Key: inboxItemKey(sub, id),
          UpdateExpression: 'SET readAt = :now',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(readAt)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        },
        ifConditionFails: new AlreadyDone(undefined),
      },
      {
        Update: {
          Key: inboxCounterKey(sub),
          UpdateExpression: 'ADD unread :minusOne',
          // Covered by "mark all read" already (which set the count without it), or the count is 0.
          ConditionExpression: 'unread >= :one AND (attribute_not_exists(readThrough) OR readThrough < :id)',
          ExpressionAttributeValues: { ':minusOne': -1, ':one': 1, ':id': id },
        },
        ifConditionFails: new AlreadyDone(undefined),
      },
    ],
    { attempts: ATTEMPTS },
  );
}

/** Marks everything read: one write of the counter, taken only if no delivery came since it was read. */
async function markAllRead(sub: string): Promise<void> {
  await transact(
    async () => {
      const counter = await readCounter(sub);
      const { Items = [] } = await table.query({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': ITEM_PREFIX },
        ProjectionExpression: 'id',
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      });
      const newest = Items[0]?.id;
      if (typeof newest !== 'string') return [];
      return [
        {
          Update: {
            Key: inboxCounterKey(sub),
            UpdateExpression: 'SET unread = :zero, readThrough = :newest',
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':zero': 0, ':newest': newest, ':version': counter.version },
          },
          ifConditionFails: 'retry',
        },
      ];
    },
    { attempts: ATTEMPTS },
  );
}

/** Marks the named items, or all, read (idempotent) and answers the unread count after it. */
export async function markRead(sub: string, body: MarkReadBody, now: Date = new Date()): Promise<number> {
  if ('all' in body) await markAllRead(sub);
  else await inParallel([...new Set(body.ids)], MARKS_IN_FLIGHT, (id) => markOneRead(sub, id, now));
  return unreadCount(sub);
}

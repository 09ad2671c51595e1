/** No defineEntity here: promotion items are declared in promotion.ts; what is here is the versioned write and counters (ADD). */
/**
 * Promotions, the write side's common ground: reading one with its version, the one conditional write every
 * change goes through (the promotion and its counters in one transaction), and the lists.
 *
 * | item                  | PK          | SK               | attributes                                     |
 * | promotion counters    | COUNTER     | PROMOTIONS       | total and one per queue (shared PROMOTION_QUEUES) |
 * | organizer's counts    | USER#<sub>  | PROMOTION_COUNTS | total, active (paid and admin approved)        |
 *
 * Every write of a promotion is a Put conditioned on the version it was read at, so two changes racing (a
 * webhook and an admin's decision) cannot both apply to the same state: the loser reads again and decides
 * again from what is there now. The counters move by the difference between the queues and active flags
 * before and after, in the same transaction, so the tiles and queue totals never drift from the items.
 */
import { ULID_SOURCE } from '#shared/ids';
import type { Promotion, PromotionQueue, PromotionsPage } from '#shared/schemas/promotion';
import { counterUpdateItems } from '#lib/kit/counter-update';
import { table } from '#lib/kit/table';
import { AlreadyDone, transact, transactOnce, type TransactItem } from '#lib/kit/transact';
import { queryIndexPage } from '#lib/kit/index-page';
import { ConflictError, NotFoundError } from '#lib/errors';
import {
  fromPromotionItem,
  isListable,
  organizerPromotionsPartition,
  promotionKey,
  promotionQueuePartition,
  queueOf,
  toPromotionItem,
} from './promotion.ts';

export const PROMOTION_COUNTERS_KEY = { PK: 'COUNTER', SK: 'PROMOTIONS' } as const;
export const organizerPromotionCountsKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROMOTION_COUNTS' });

export const PROMOTION_PAGE_SIZE = 25;
const WRITE_ATTEMPTS = 5;

export interface PromotionRecord {
  readonly promotion: Promotion;
  /** The stored version; the next write must find it unchanged. */
  readonly version: number;
}

export const promotionNotFound = () => new NotFoundError('Promotion not found');

export async function getPromotionRecord(id: string): Promise<PromotionRecord | undefined> {
  const { Item } = await table.get({ Key: promotionKey(id), ConsistentRead: true });
  if (!Item) return undefined;
  return { promotion: fromPromotionItem(Item), version: typeof Item.version === 'number' ? Item.version : 1 };
}

/** ADD updates of the counters for a promotion going from `before` (absent: new) to `after`. */
function counterUpdates(before: Promotion | undefined, after: Promotion): TransactItem[] {
  const global = new Map<string, number>();
  const own = new Map<string, number>();
  const add = (counts: Map<string, number>, name: string, delta: number) => counts.set(name, (counts.get(name) ?? 0) + delta);
  if (before) add(global, queueOf(before), -1);
  else {
    add(global, 'total', 1);
    add(own, 'total', 1);
  }
  add(global, queueOf(after), 1);
  add(own, 'active', (isListable(after) ? 1 : 0) - (before && isListable(before) ? 1 : 0));
  return [
    ...counterUpdateItems(PROMOTION_COUNTERS_KEY, global, 'promotion-counters'),
    ...counterUpdateItems(organizerPromotionCountsKey(after.organizerId), own, 'promotion-counters'),
  ];
}

/** Writes a new promotion with its counters. */
export async function putNewPromotion(promotion: Promotion): Promise<void> {
  await transactOnce([
    { Put: { Item: toPromotionItem(promotion), ConditionExpression: 'attribute_not_exists(PK)' } },
    ...counterUpdates(undefined, promotion),
  ]);
}

/**
 * What a change decides from the promotion as it stands: the promotion after it, with any items that must be
 * written with it (a webhook's delivery record), or undefined when there is nothing to do.
 */
export type PromotionChange<T> = (current: Promotion) => { readonly after: Promotion; readonly extraItems?: TransactItem[]; readonly result: T } | { readonly result: T; readonly after?: undefined };

/**
 * Applies `change` to the promotion as stored, in one transaction with its counters (and the change's extra
 * items), retrying from a fresh read when another write got there first. `notFound` is what a missing
 * promotion throws (a 404 for a page, a refusal for a webhook); `onExtraItemFailed` answers when an extra
 * item's own condition failed (e.g. the delivery was recorded meanwhile).
 */
export async function changePromotion<T>(
  id: string,
  notFound: () => Error,
  change: PromotionChange<T>,
  onExtraItemFailed?: () => T,
): Promise<T> {
  return transact(
    async () => {
      const record = await getPromotionRecord(id);
      if (!record) throw notFound();
      const decided = change(record.promotion);
      if (!decided.after) return { items: [], result: decided.result };
      return {
        items: [
          {
            Put: {
              Item: toPromotionItem(decided.after, record.version + 1),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': record.version },
            },
            // The promotion changed since it was read: decide again from what is stored now.
            ifConditionFails: 'retry',
          },
          ...(decided.extraItems ?? []).map((item) => ({
            ...item,
            ifConditionFails: item.ifConditionFails ?? (onExtraItemFailed ? () => new AlreadyDone(onExtraItemFailed()) : ('retry' as const)),
          })),
          ...counterUpdates(record.promotion, decided.after),
        ],
        result: decided.result,
      };
    },
    {
      attempts: WRITE_ATTEMPTS,
      // Any other cancellation: decide again from what is stored now, as a lost race.
      ifOtherwiseCancelled: 'retry',
      onExhausted: () => new ConflictError('The promotion is being changed right now. Please try again.'),
    },
  );
}

const ISO = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
const SORT_KEY = new RegExp(`^(${ISO})#(${ULID_SOURCE})$`);

/** One page of a promotions partition (newest first unless a queue is read oldest first). */
async function queryPromotions(index: 'GSI2' | 'GSI3', partition: string, cursor: string | undefined, newestFirst: boolean): Promise<PromotionsPage> {
  const page = await queryIndexPage(
    { index, partition, cursorPattern: SORT_KEY, keyOf: (match) => promotionKey(match[2]!), newestFirst, pageSize: PROMOTION_PAGE_SIZE },
    cursor,
  );
  return { ...page, items: page.items.map(fromPromotionItem) };
}

/** An organizer's promotions, newest first. */
export const listOrganizerPromotions = (sub: string, cursor?: string) => queryPromotions('GSI2', organizerPromotionsPartition(sub), cursor, true);

/** One admin queue: in review oldest first (a queue), the others newest first; with the queue's total. */
export async function listPromotionQueue(queue: PromotionQueue, cursor?: string): Promise<PromotionsPage & { total: number }> {
  const [page, counters] = await Promise.all([
    queryPromotions('GSI3', promotionQueuePartition(queue), cursor, queue !== 'in_review'),
    table.get({ Key: PROMOTION_COUNTERS_KEY }),
  ]);
  const total = counters.Item?.[queue];
  return { ...page, total: typeof total === 'number' && total > 0 ? total : 0 };
}

/** An organizer's promotion counts (their dashboard's tiles). */
export async function getOrganizerPromotionCounts(sub: string): Promise<{ total: number; active: number }> {
  const { Item } = await table.get({ Key: organizerPromotionCountsKey(sub) });
  const count = (name: string) => (typeof Item?.[name] === 'number' && (Item[name] as number) > 0 ? (Item[name] as number) : 0);
  return { total: count('total'), active: count('active') };
}

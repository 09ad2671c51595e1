/**
 * The filtered read with a read-unit budget, shared by the event search (lambdas/events/event-search.ts) and
 * the admin events list (lambdas/admin-events/admin-event-list.ts). It reads one partition in sort-key order
 * until it has `need` matches, the partition ends, or the budget is spent. Each Query's Limit is sized from
 * the item size and the filter's match rate measured so far, so a page never overruns its budget by much
 * and a rare filter does not read the partition one small page at a time. Every call's consumed read units
 * are counted (ReturnConsumedCapacity TOTAL), which the bench and the tests read.
 */
import { table, type Item } from './table.ts';

const BYTES_PER_READ_UNIT = 8192;

/** The read work so far, moved by every Query (the caller may count other reads in it too). */
export interface ReadUsage {
  readUnits: number;
  itemsRead: number;
  queries: number;
}

/** A key condition on the sort key, or the end of the range (nothing more to read). */
export type SortKeyRange = { readonly expression: string; readonly values: Readonly<Record<string, unknown>> } | 'end';

export interface BudgetedQuery {
  readonly index: string | undefined;
  /** The partition and sort key attribute names (PK/SK, or an index's). */
  readonly pk: string;
  readonly sk: string;
  readonly partition: string;
  /** The sort key condition after `position` (the last key read, undefined at the start), on `#sk`. */
  readonly range: (position: string | undefined) => SortKeyRange;
  /** Where to start: the last key of an earlier page, from its cursor. */
  readonly after: string | undefined;
  readonly newestFirst: boolean;
  readonly filter: { readonly expression: string | undefined; readonly names: Readonly<Record<string, string>>; readonly values: Readonly<Record<string, unknown>> };
  /** Matches wanted. */
  readonly need: number;
  /** Read units still to spend (read again before every Query, after `usage` moved). */
  readonly unitsLeft: () => number;
  readonly usage: ReadUsage;
  /** First guesses until a read measures them, and the smallest item size believed. */
  readonly itemBytesGuess: number;
  readonly minItemBytes: number;
  readonly matchRateGuess: number;
  /** Fewer items than this affordable: stop rather than pay a Query's overhead for a sliver. */
  readonly minItemsPerQuery: number;
  readonly maxItemsPerQuery: number;
  /** Matches to pass over (already shown elsewhere on the page); they still count as read and matched. */
  readonly skip?: (item: Item) => boolean;
}

export interface BudgetedRead {
  readonly items: Item[];
  /** The last key read when the partition may hold more (the next page starts after it). */
  readonly resumeAfter: string | undefined;
  /** The partition's range was read to its end. */
  readonly exhausted: boolean;
}

export async function readWithinBudget(query: BudgetedQuery): Promise<BudgetedRead> {
  const { filter, need, usage, sk } = query;
  const items: Item[] = [];
  let position = query.after;
  let bytesPerItem = query.itemBytesGuess;
  let matchRate = filter.expression ? query.matchRateGuess : 1;
  let scanned = 0;
  let matched = 0;
  while (items.length < need) {
    const range = query.range(position);
    if (range === 'end') return { items, resumeAfter: undefined, exhausted: true };
    const affordable = Math.floor((query.unitsLeft() * BYTES_PER_READ_UNIT) / bytesPerItem);
    if (affordable < query.minItemsPerQuery) break;
    const wanted = Math.ceil((need - items.length) / matchRate) + (filter.expression ? 2 : 0);
    const limit = Math.max(1, Math.min(affordable, wanted, query.maxItemsPerQuery));
    const response = await table.query({
      IndexName: query.index,
      KeyConditionExpression: `#pk = :pk${range.expression ? ` AND ${range.expression}` : ''}`,
      FilterExpression: filter.expression,
      ExpressionAttributeNames: { '#pk': query.pk, ...(range.expression ? { '#sk': sk } : {}), ...filter.names },
      ExpressionAttributeValues: { ':pk': query.partition, ...range.values, ...filter.values },
      ...(query.newestFirst ? { ScanIndexForward: false } : {}),
      Limit: limit,
      ReturnConsumedCapacity: 'TOTAL',
    });
    const read = response.ScannedCount ?? 0;
    const units = response.ConsumedCapacity?.CapacityUnits ?? 0;
    usage.queries += 1;
    usage.readUnits += units;
    usage.itemsRead += read;
    scanned += read;
    const found = response.Items ?? [];
    matched += found.length;
    for (const [index, item] of found.entries()) {
      if (query.skip?.(item)) continue;
      items.push(item);
      if (items.length === need) {
        const last = index === found.length - 1 && response.LastEvaluatedKey === undefined;
        return { items, resumeAfter: last ? undefined : (item[sk] as string), exhausted: last };
      }
    }
    if (!response.LastEvaluatedKey) return { items, resumeAfter: undefined, exhausted: true };
    position = response.LastEvaluatedKey[sk] as string;
    if (read > 0) bytesPerItem = Math.max(query.minItemBytes, (units * BYTES_PER_READ_UNIT) / read);
    matchRate = scanned > 0 ? Math.max(0.02, matched / scanned) : matchRate;
  }
  return { items, resumeAfter: position, exhausted: false };
}

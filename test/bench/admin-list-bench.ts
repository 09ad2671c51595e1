/**
 * The admin events list (GET /api/admin/events) at catalogue size: latency and read units of one page of 20,
 * in-process against DynamoDB Local, for the issue's five cases (no filter, unverified, featured, a state,
 * a text query) plus a combined filter and a second page, read from the same table the search bench loaded.
 */
import type { AdminEventsQuery, AdminEventsPage } from '#shared/schemas/admin-events';
import type { RaceEvent } from '#shared/schemas/event';
import { words } from '#shared/search-text';
import { percentile } from './stats.ts';
import type { Latency } from './search-bench.ts';

export interface AdminListStats {
  readonly readUnits: number;
  readonly itemsRead: number;
  readonly queries: number;
  readonly driver: string;
}
export type AdminListFn = (query: AdminEventsQuery) => Promise<{ page: AdminEventsPage; stats: AdminListStats }>;

export interface AdminListCase {
  readonly id: string;
  readonly label: string;
  readonly query: AdminEventsQuery;
  /** Measures the page after the first (its cursor taken from a first read). */
  readonly secondPage?: boolean;
  /** One of the issue's five targeted cases (the others are informative). */
  readonly targeted: boolean;
}

export interface AdminListMeasurement {
  readonly latency: Latency;
  /** Of the measured page (identical on every repetition). */
  readonly stats: AdminListStats;
  readonly returned: number;
  readonly total: number;
  readonly totalExact: boolean;
}

/** The most common value of a list (first seen wins a tie). */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/**
 * The cases, from the data: the state with the most events; for text, the most common city word of at least
 * four letters (an admin looking for a town's races: many matches, so a full page must be found).
 */
export function adminListCases(events: readonly RaceEvent[]): AdminListCase[] {
  const state = mostCommon(events.map((event) => event.state));
  const cityWord = mostCommon(events.flatMap((event) => words(event.city).filter((word) => word.length >= 4)));
  const prefix = cityWord.slice(0, Math.max(4, cityWord.length - 2));
  return [
    { id: 'none', label: 'no filter', query: {}, targeted: true },
    { id: 'unverified', label: 'unverified', query: { verified: 'false' }, targeted: true },
    { id: 'featured', label: 'featured', query: { featured: 'true' }, targeted: true },
    { id: 'state', label: `state ${state}`, query: { state }, targeted: true },
    { id: 'text', label: `text '${prefix}' (prefix of the commonest city word)`, query: { q: prefix }, targeted: true },
    { id: 'text-2', label: `text '${prefix}', second page`, query: { q: prefix }, secondPage: true, targeted: false },
    { id: 'combined', label: `state ${state} + unverified + road race`, query: { state, verified: 'false', type: 'road_race' }, targeted: false },
  ];
}

export async function measureAdminCase(list: AdminListFn, kase: AdminListCase, iterations: number, warmup: number): Promise<AdminListMeasurement> {
  let query = kase.query;
  if (kase.secondPage) {
    const first = await list(query);
    if (!first.page.nextCursor) throw new Error(`${kase.label}: the first page is the last`);
    query = { ...query, cursor: first.page.nextCursor };
  }
  const measured = await list(query);
  for (let index = 0; index < warmup; index += 1) await list(query);
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const start = performance.now();
    await list(query);
    samples.push(performance.now() - start);
  }
  return {
    latency: { p50: percentile(samples, 50), p95: percentile(samples, 95) },
    stats: measured.stats,
    returned: measured.page.items.length,
    total: measured.page.total,
    totalExact: measured.page.totalExact,
  };
}

/**
 * Loads events with only what the admin list reads besides them: each event item, its admin index items
 * (admin-event-index.ts) and the event counters, written by the event store's own item builders. Used when the
 * search section is skipped, so a 100k admin benchmark takes minutes instead of the hour the ~18 search
 * postings per event add on a shared machine; those live in partitions (IDX#...) the admin list never
 * queries, so a page's work is the same either way. Call after pointing the handlers at the table.
 */
export async function loadAdminCatalogue(events: readonly RaceEvent[], inFlight = 4): Promise<void> {
  const { BatchWriteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../lambdas/lib/dynamo.ts');
  const { toEventItem, eventCounterDeltas, EVENT_COUNTERS_KEY } = await import('../../lambdas/data/event.ts');
  const { adminIndexItemsOf } = await import('../../lambdas/data/admin-event-index.ts');
  const requests = events.flatMap((event) => [toEventItem(event), ...adminIndexItemsOf(event)].map((Item) => ({ PutRequest: { Item } })));
  const batches: (typeof requests)[] = [];
  for (let start = 0; start < requests.length; start += 25) batches.push(requests.slice(start, start + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++]!;
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
        const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (UnprocessedItems?.[tableName] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const counters = new Map<string, number>();
  for (const event of events) eventCounterDeltas(undefined, event, counters);
  const names = [...counters.keys()];
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: EVENT_COUNTERS_KEY,
      UpdateExpression: `ADD ${names.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#c${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:c${index}`, counters.get(name)])),
    }),
  );
}

/**
 * RaceFinder's side of the benchmark: loading events through the event store and timing the search
 * in-process (the domain function the Lambda runs) and through the full Lambda handler.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import type { RaceEvent } from '#shared/schemas/event';
import type { EventSearchQuery, EventSummary } from '#shared/schemas/search';
import { apiEvent } from '../support/api-event.ts';
import type { QueryKind } from './query-mix.ts';
import { toQueryString, toSearchQuery } from './query-mix.ts';
import { percentile } from './stats.ts';

export interface SearchStats {
  readonly readUnits: number;
  readonly itemsRead: number;
  readonly itemsReturned: number;
  readonly queries: number;
}

export interface SearchResult {
  readonly page: { readonly items: readonly EventSummary[]; readonly nextCursor?: string };
  readonly stats: SearchStats;
}

export type SearchFn = (query: EventSearchQuery, options: { today: string }) => Promise<SearchResult>;
export type HttpHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer) => Promise<APIGatewayProxyResultV2>;
export type BulkCreate = (events: readonly RaceEvent[]) => Promise<number>;

export interface Latency {
  readonly p50: number;
  readonly p95: number;
}

export interface KindMeasurement {
  readonly latency: Latency;
  /** Of the first page (identical on every repetition). */
  readonly stats: SearchStats;
  readonly returned: number;
  /** Whether the first page is the whole answer (no cursor). */
  readonly complete: boolean;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await run();
  return [value, performance.now() - start];
}

async function sample(run: () => Promise<unknown>, iterations: number, warmup: number): Promise<Latency> {
  for (let index = 0; index < warmup; index += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) samples.push((await timed(run))[1]);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

export async function measureKind(search: SearchFn, kind: QueryKind, today: string, iterations: number, warmup: number): Promise<KindMeasurement> {
  const query = toSearchQuery(kind);
  const first = await search(query, { today });
  const latency = await sample(() => search(query, { today }), iterations, warmup);
  return { latency, stats: first.stats, returned: first.page.items.length, complete: first.page.nextCursor === undefined };
}

/** The full Lambda path: API Gateway v2 event in, JSON response out (parsing, validation, serialisation). */
export async function measureHandler(handler: HttpHandler, kind: QueryKind, iterations: number, warmup: number): Promise<Latency> {
  // As a browser asks (so the time includes compressing the answer, as it does in production).
  const event = { ...apiEvent({ method: 'GET', path: '/api/events', query: toQueryString(kind) }), headers: { 'accept-encoding': 'gzip, deflate, br' } };
  const run = async () => {
    const response = await handler(event);
    const status = typeof response === 'object' ? response.statusCode : 200;
    if (status !== 200) throw new Error(`search handler answered ${status}: ${typeof response === 'object' ? response.body : response}`);
  };
  return sample(run, iterations, warmup);
}

/**
 * RaceFinder's results to compare with a baseline first page ordered by date: pages until it has at least
 * as many results as the baseline AND has gone past the baseline's last date (so every event dated within
 * the baseline's window is in, whatever order ties took), or until there are no more pages.
 */
export async function collectThrough(search: SearchFn, kind: QueryKind, today: string, atLeast: number, lastDate: string | undefined): Promise<EventSummary[]> {
  const items: EventSummary[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages += 1) {
    const { page } = await search({ ...toSearchQuery(kind), ...(cursor ? { cursor } : {}) }, { today });
    items.push(...page.items);
    cursor = page.nextCursor;
    const last = items.at(-1)?.eventDate;
    if (!cursor) break;
    if (items.length >= atLeast && (!lastDate || (last !== undefined && last > lastDate))) break;
  }
  return items;
}

export interface LoadTiming {
  readonly events: number;
  readonly ms: number;
  readonly perSecond: number;
}

/** Loads events through the event store, `parallel` bulk creates at once over equal slices. */
export async function loadThroughStore(create: BulkCreate, events: readonly RaceEvent[], parallel: number): Promise<LoadTiming> {
  const size = Math.ceil(events.length / parallel);
  const slices = Array.from({ length: parallel }, (_, index) => events.slice(index * size, (index + 1) * size)).filter((slice) => slice.length > 0);
  const [, ms] = await timed(() => Promise.all(slices.map((slice) => create(slice))));
  return { events: events.length, ms, perSecond: (events.length / ms) * 1000 };
}

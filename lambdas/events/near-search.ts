/**
 * Radius search: GET /api/events with `near` (a ZIP code, 'City, ST' or 'lat,lng') and `radius` (10, 25, 50
 * or 100 miles), combinable with every other filter. Planned and paged by event-search.ts; this module reads.
 *
 * 1. The place: a point as given, a ZIP or city from the place directory (lambdas/data/place.ts: one GetItem
 *    of half a read unit, none when a warm function knows it). Unknown places are a 400 naming `near`.
 * 2. The cells: the grid level meant for the radius (shared/geo.ts: cells of a quarter degree for 10 miles,
 *    half a degree for 25, one for 50, two for 100) and exactly the cells the circle touches, 4 to 9 (up to 12 in Alaska).
 * 3. The page: each cell is a posting partition IDX#GEO#<level>#<cell> sorted by '<date>#<id>' carrying the
 *    card, the filter attributes and the coordinates, so the other filters are a FilterExpression and the
 *    distance is checked exactly (haversine) on the item read. near-stream.ts merges the cells in date order
 *    within a read budget and gives the position to resume from.
 *
 * Ordered by date, then id, or with sort=distance nearest first (then date, then id): then the reads are of the
 * nearest-first index instead (IDX#NEAR#<cell>, keys along a quadtree of each one-degree cell), walked box by box
 * from the place outwards by near-order.ts, with the same read budget. Promotions are not lifted in a radius search (their scopes are the site, a state
 * or a type, not a place), and events without coordinates are never within any radius. Each card carries
 * `distanceMiles`, and the page the resolved place (`origin`).
 */
import { coverCells, haversineMiles, levelFor, NEAR_ORDER_DEPTH, NEAR_ORDER_LEVEL, roundMiles, type GeoLevel, type LatLng } from '#shared/geo';
import { DEFAULT_RADIUS, NEAR_FORMAT_MESSAGE, parseNear, type NearPlace } from '#shared/near';
import type { EventSearchPage, EventSummary } from '#shared/schemas/search';
import { BadRequestError, ServiceUnavailableError } from '#lib/errors';
import { table } from '#lib/kit/table';
import { findPlace, type ResolvedPlace } from '#data/place';
import { geoPartition, nearOrderPartition, summaryFromItem } from '#data/search-index';
import { readNearestFirst, type NodeRead } from './near-order.ts';
import { readNearStream, type CellRead } from './near-stream.ts';
import { decodeNearCursor, decodeNearestCursor, encodeNearCursor, encodeNearestCursor } from './search-cursor.ts';

/**
 * Read units one page's cell reads may spend. With the place lookup (at most 1 unit, usually 0.5 or none)
 * a page stays within 20, the bound at 25 miles in a dense state (npm run bench, section near).
 */
export const NEAR_READ_BUDGET = 18;
/** First guess of a geo posting's size: a search posting plus its coordinates. */
const GEO_POSTING_BYTES = 720;

/** What a radius search needs of the query's plan (event-search.ts builds it). */
export interface NearPlan {
  readonly near: string;
  readonly radius?: number;
  /** First and last date of the window. */
  readonly lo: string;
  readonly hi: string | undefined;
  /** Hash of the whole query, binding cursors to it. */
  readonly hash: string;
  /** The query's other filters, as a FilterExpression on postings. */
  readonly filter: { readonly expression: string | undefined; readonly names: Record<string, string>; readonly values: Record<string, unknown> };
  readonly cursor?: string;
  readonly pageSize: number;
  /** 'distance': nearest first (near-order.ts); otherwise by date. */
  readonly sort?: 'date' | 'distance';
}

export interface NearStats {
  readUnits: number;
  itemsRead: number;
  itemsReturned: number;
  queries: number;
  driver: string;
}

/** The place a `near` value names, or a 400 that says which place was not found. */
export async function resolveNear(near: string): Promise<{ place: ResolvedPlace; readUnits: number; lookups: number }> {
  const parsed = parseNear(near);
  if (!parsed) throw nearError(NEAR_FORMAT_MESSAGE);
  const { place, readUnits, directoryMissing } = await findPlace(parsed);
  if (directoryMissing) {
    throw new ServiceUnavailableError('Searching near a ZIP code or city is not available yet; search near a point (latitude,longitude) instead.');
  }
  if (!place) throw nearError(notFoundMessage(parsed));
  return { place, readUnits, lookups: parsed.kind === 'point' || readUnits === 0 ? 0 : 1 };
}

function notFoundMessage(near: NearPlace): string {
  if (near.kind === 'zip') return `We could not find the ZIP code ${near.zip}. Check it, or search near a city ('Boulder, CO').`;
  if (near.kind === 'city') return `We could not find ${near.city}, ${near.state}. Check the spelling, or search near a ZIP code.`;
  return NEAR_FORMAT_MESSAGE;
}

/** A place that cannot be used: the message itself says what to do (pages show it as it is), and names the field. */
function nearError(message: string): BadRequestError {
  return new BadRequestError(message, { 'query.near': [message] });
}

export interface NearEventsPage {
  readonly items: EventSummary[];
  readonly resumeAfter?: string;
  readonly exhausted: Set<number>;
  readonly readUnits: number;
  readonly itemsRead: number;
  readonly queries: number;
  readonly cells: number;
}

/**
 * The events within `radiusMiles` of `center`, in date order, after `after` (exclusive): one budgeted page.
 * Also the home feed's "Races near you" (a few events, no other filter).
 */
export async function readNearEvents(input: {
  center: LatLng;
  radiusMiles: number;
  lo: string;
  hi?: string;
  after?: string;
  exhausted?: ReadonlySet<number>;
  filter?: NearPlan['filter'];
  need: number;
  budget?: number;
}): Promise<NearEventsPage> {
  const level = levelFor(input.radiusMiles);
  const cells = coverCells(input.center, input.radiusMiles, level);
  const filter = input.filter ?? { expression: undefined, names: {}, values: {} };
  const out = await readNearStream<Record<string, unknown>, EventSummary>({
    cells,
    exhausted: input.exhausted ?? new Set(),
    ...(input.after === undefined ? {} : { after: input.after }),
    from: input.lo,
    ...(input.hi === undefined ? {} : { to: input.hi }),
    need: input.need,
    budget: input.budget ?? NEAR_READ_BUDGET,
    itemBytes: GEO_POSTING_BYTES,
    read: (cell, from, to, limit) => readCell(level, cell, from, to, limit, filter),
    accept: (item) => {
      const latitude = item.latitude;
      const longitude = item.longitude;
      if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
      const miles = haversineMiles(input.center, { latitude, longitude });
      return miles <= input.radiusMiles ? { ...summaryFromItem(item), distanceMiles: roundMiles(miles) } : undefined;
    },
  });
  return {
    items: out.results,
    ...(out.resumeAfter === undefined ? {} : { resumeAfter: out.resumeAfter }),
    exhausted: out.exhausted,
    readUnits: out.readUnits,
    itemsRead: out.itemsRead,
    queries: out.queries,
    cells: cells.length,
  };
}

/** A Query's answer as both walks read it (near-stream.ts's CellRead, near-order.ts's NodeRead): items by sort key, what was scanned and spent, and where it stopped. */
function cellReadOf(response: Awaited<ReturnType<typeof table.query>>): CellRead<Record<string, unknown>> {
  return {
    items: (response.Items ?? []).map((item) => ({ key: item.SK as string, value: item })),
    scanned: response.ScannedCount ?? 0,
    readUnits: response.ConsumedCapacity?.CapacityUnits ?? 0,
    ...(response.LastEvaluatedKey ? { stoppedAt: response.LastEvaluatedKey.SK as string } : {}),
  };
}

async function readCell(
  level: GeoLevel,
  cell: string,
  from: string,
  to: string | undefined,
  limit: number,
  filter: NearPlan['filter'],
): Promise<CellRead<Record<string, unknown>>> {
  const response = await table.query({
    KeyConditionExpression: to === undefined ? 'PK = :pk AND SK >= :from' : 'PK = :pk AND SK BETWEEN :from AND :to',
    FilterExpression: filter.expression,
    ...(Object.keys(filter.names).length > 0 ? { ExpressionAttributeNames: filter.names } : {}),
    ExpressionAttributeValues: { ':pk': geoPartition(level, cell), ':from': from, ...(to === undefined ? {} : { ':to': to }), ...filter.values },
    Limit: limit,
    ReturnConsumedCapacity: 'TOTAL',
  });
  return cellReadOf(response);
}

/** One page of a radius search, with the work it took. */
export async function searchNear(plan: NearPlan): Promise<{ page: EventSearchPage; stats: NearStats }> {
  const radiusMiles = plan.radius ?? DEFAULT_RADIUS;
  const { place, readUnits: lookupUnits, lookups } = await resolveNear(plan.near);
  if (plan.sort === 'distance') return searchNearest(plan, place, radiusMiles, { readUnits: lookupUnits, lookups });
  const cellCount = coverCells(place, radiusMiles, levelFor(radiusMiles)).length;
  const cursor = plan.cursor ? decodeNearCursor(plan.cursor, plan.hash, cellCount) : undefined;
  const origin = { latitude: place.latitude, longitude: place.longitude, ...(place.label ? { label: place.label } : {}) };
  const statsOf = (page: { readUnits: number; itemsRead: number; queries: number; items: unknown[] }): NearStats => ({
    readUnits: page.readUnits + lookupUnits,
    itemsRead: page.itemsRead,
    itemsReturned: page.items.length,
    queries: page.queries + lookups,
    driver: `IDX#GEO#${levelFor(radiusMiles).id} (${cellCount} cells)`,
  });
  if (plan.hi !== undefined && plan.hi < plan.lo) {
    return { page: { items: [], complete: true, origin }, stats: statsOf({ readUnits: 0, itemsRead: 0, queries: 0, items: [] }) };
  }
  const result = await readNearEvents({
    center: place,
    radiusMiles,
    lo: plan.lo,
    ...(plan.hi === undefined ? {} : { hi: plan.hi }),
    ...(cursor ? { after: cursor.a, exhausted: new Set(cursor.x) } : {}),
    filter: plan.filter,
    need: plan.pageSize,
  });
  const page: EventSearchPage =
    result.resumeAfter === undefined
      ? { items: result.items, complete: true, origin }
      : {
          items: result.items,
          complete: false,
          nextCursor: encodeNearCursor({ v: 1, q: plan.hash, n: 1, a: result.resumeAfter, x: [...result.exhausted].sort((a, b) => a - b) }),
          origin,
        };
  return { page, stats: statsOf(result) };
}

/** The date window and the query's other filters, as one FilterExpression on nearest-first postings (keyed by place, not date). */
function windowFilter(plan: NearPlan): NearPlan['filter'] {
  const names = { ...plan.filter.names, '#eventDate': 'eventDate' };
  const values = { ...plan.filter.values, ':lo': plan.lo, ...(plan.hi === undefined ? {} : { ':hi': plan.hi }) };
  const window = plan.hi === undefined ? '#eventDate >= :lo' : '#eventDate BETWEEN :lo AND :hi';
  return { expression: plan.filter.expression ? `${window} AND ${plan.filter.expression}` : window, names, values };
}

/** Reads a box of the nearest-first index: a key range of its cell's partition (after a key when given). */
async function readNearestBox(cell: string, path: string, after: string | undefined, limit: number, filter: NearPlan['filter']): Promise<NodeRead<Record<string, unknown>>> {
  const response = await table.query({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    FilterExpression: filter.expression,
    ExpressionAttributeNames: filter.names,
    ExpressionAttributeValues: {
      ':pk': nearOrderPartition(cell),
      // Keys are '<path>#<date>#<id>', all the same length: the keys after `after` are those from after + ' '.
      ':from': after === undefined ? path.padEnd(NEAR_ORDER_DEPTH, '0') : `${after} `,
      ':to': `${path.padEnd(NEAR_ORDER_DEPTH, '3')}#~`,
      ...filter.values,
    },
    Limit: limit,
    ReturnConsumedCapacity: 'TOTAL',
  });
  return cellReadOf(response);
}

/** One page of a radius search nearest first (sort=distance): near-order.ts over the nearest-first index. */
async function searchNearest(
  plan: NearPlan,
  place: ResolvedPlace,
  radiusMiles: number,
  lookup: { readUnits: number; lookups: number },
): Promise<{ page: EventSearchPage; stats: NearStats }> {
  const cells = coverCells(place, radiusMiles, NEAR_ORDER_LEVEL);
  const cursor = plan.cursor ? decodeNearestCursor(plan.cursor, plan.hash, cells.length) : undefined;
  const origin = { latitude: place.latitude, longitude: place.longitude, ...(place.label ? { label: place.label } : {}) };
  const driver = `IDX#NEAR (${cells.length} cells)`;
  if (plan.hi !== undefined && plan.hi < plan.lo) {
    return { page: { items: [], complete: true, origin }, stats: { readUnits: lookup.readUnits, itemsRead: 0, itemsReturned: 0, queries: lookup.lookups, driver } };
  }
  const filter = windowFilter(plan);
  const out = await readNearestFirst<Record<string, unknown>, EventSummary>({
    center: place,
    radiusMiles,
    cells,
    ...(cursor ? { after: { miles: cursor.m, date: cursor.d, id: cursor.i }, tree: cursor.t } : {}),
    need: plan.pageSize,
    budget: NEAR_READ_BUDGET,
    itemBytes: GEO_POSTING_BYTES,
    read: (cell, path, after, limit) => readNearestBox(cell, path, after, limit, filter),
    accept: (item) => {
      const { latitude, longitude } = item;
      if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
      const miles = haversineMiles(place, { latitude, longitude });
      if (miles > radiusMiles) return undefined;
      const summary = summaryFromItem(item);
      return { miles, date: summary.eventDate, id: summary.id, result: { ...summary, distanceMiles: roundMiles(miles) } };
    },
  });
  const page: EventSearchPage = out.next
    ? {
        items: out.results,
        complete: false,
        nextCursor: encodeNearestCursor({ v: 1, q: plan.hash, n: 2, m: out.next.after.miles, d: out.next.after.date, i: out.next.after.id, t: out.next.tree }),
        origin,
      }
    : { items: out.results, complete: true, origin };
  return {
    page,
    stats: {
      readUnits: out.readUnits + lookup.readUnits,
      itemsRead: out.itemsRead,
      itemsReturned: out.results.length,
      queries: out.queries + lookup.lookups,
      driver,
    },
  };
}

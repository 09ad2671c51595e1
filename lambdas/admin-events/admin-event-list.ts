/**
 * The admin events list (GET /api/admin/events): plans and reads one page of 20 rows, newest first, from the
 * admin index (#data/admin-event-index), with read work bounded per page whatever the size of the catalogue.
 *
 * Plan. Every filter that has a partition of its own names a *candidate driver* holding a superset of the
 * answer, in list order: a query word of three or more letters its term's text postings (ADMIN#T#<first 3>),
 * verified=true/false, featured=true, a state and a type their row partitions (GSI2..GSI5), needs-review the
 * review postings; with none of these, all rows (GSI1). Sizes come from the event counters (COUNTER / EVENTS:
 * total, verified, featured, flagged, state#<code>, type#<type>), read once per page (they also give the
 * total); a term's size is not counted, so a text word drives unless a filter's partition is smaller than a
 * guess (5% of the catalogue, at most TEXT_PARTITION_GUESS). The smallest candidate drives the read; everything else (other words as
 * `contains(adminText, ' word')`, a word-prefix match; flags, state, type, the event-date range) is a
 * FilterExpression on the items read: every admin index item carries the row and those attributes, so a page
 * is Queries of one partition and no second read.
 *
 * Budget. A page reads until it has 20 rows, its partition ends, or READ_BUDGET read units are spent (Limits
 * sized from the measured item size and match rate), and resumes from a cursor exactly after the last item
 * read. With no filter or one filter the driver holds exactly the answer, so every page is full; a rare
 * combination of filters can give a short page (even an empty one) with a cursor, and `complete` is true only
 * on the last page.
 *
 * Total. Exact from the counters when the page has no filter or exactly one of verified, featured, needs
 * review, state and type; exact on the last page otherwise (rows of earlier pages ride in the cursor);
 * otherwise a lower bound, the rows shown so far ('40+'), and `totalExact` is false.
 */
import { ADMIN_EVENTS_PAGE_SIZE, type AdminEventRow, type AdminEventsPage, type AdminEventsQuery } from '#shared/schemas/admin-events';
import { words } from '#shared/search-text';
import { readWithinBudget } from '#lib/kit/budgeted-query';
import { table } from '#lib/kit/table';
import {
  ADMIN_ALL_PARTITION,
  ADMIN_FEATURED_PARTITION,
  ADMIN_REVIEW_PARTITION,
  adminRowFromItem,
  adminStatePartition,
  adminTermOf,
  adminTermPartition,
  adminTypePartition,
  adminVerifiedPartition,
  ROW_PARTITION_INDEX,
} from '#data/admin-event-index';
import { EVENT_COUNTERS_KEY } from '#data/event';
import { decodeAdminCursor, encodeAdminCursor, filtersHash } from './admin-list-cursor.ts';

/** Read units the rows of one page may spend (the counters add about half a unit). */
export const READ_BUDGET = 20;
/** First guess of an admin index item's size, until a read measures it. */
const ITEM_BYTES_GUESS = 500;
const MIN_ITEMS_PER_QUERY = 8;
const MAX_ITEMS_PER_QUERY = 600;
/**
 * Assumed size of a word's term partition, which is not counted: TEXT_SHARE of the catalogue, at most
 * TEXT_PARTITION_GUESS. A filter partition smaller than that drives instead (the review queue, a small state).
 */
export const TEXT_PARTITION_GUESS = 2000;
const TEXT_SHARE = 0.05;
/** Most query words used; more add cost without narrowing anything real. */
const MAX_WORDS = 6;

interface Driver {
  readonly partition: string;
  readonly index: string | undefined;
  readonly pk: string;
  readonly sk: string;
}

/** A filter, by name, that a driving partition already guarantees (so it needs no FilterExpression). */
type Covered = 'verified' | 'featured' | 'needsReview' | 'state' | 'type' | `word:${string}`;

interface Candidate extends Driver {
  readonly covers: Covered;
  /** Items in the partition, from the counters; undefined for a word's term (not counted). */
  readonly size: (counters: Counters) => number | undefined;
}

type Counters = Readonly<Record<string, number>>;

const rowDriver = (key: keyof typeof ROW_PARTITION_INDEX, partition: string): Driver => {
  const index = ROW_PARTITION_INDEX[key];
  return { partition, index, pk: `${index}PK`, sk: `${index}SK` };
};
const tableDriver = (partition: string): Driver => ({ partition, index: undefined, pk: 'PK', sk: 'SK' });
const ALL: Driver = rowDriver('all', ADMIN_ALL_PARTITION);

export interface AdminListPlan {
  readonly words: string[];
  readonly query: AdminEventsQuery;
  readonly candidates: Candidate[];
  readonly hash: string;
  /** The one filter whose counter is the exact total, when the query has exactly one filter and it has one. */
  readonly exactTotal: ((counters: Counters) => number) | undefined;
}

const flag = (value: string | undefined) => (value === undefined ? undefined : value === 'true');

export function planAdminList(query: AdminEventsQuery): AdminListPlan {
  const queryWords = [...new Set(words(query.q ?? ''))].slice(0, MAX_WORDS);
  const verified = flag(query.verified);
  const featured = flag(query.featured);
  const needsReview = flag(query.needsReview);
  const candidates: Candidate[] = [];
  // Longest words first: among words of one query, the longer tends to be the rarer.
  for (const word of [...queryWords].sort((a, b) => b.length - a.length)) {
    if (word.length < 3) continue;
    candidates.push({ ...tableDriver(adminTermPartition(adminTermOf(word))), covers: `word:${word}`, size: () => undefined });
  }
  if (verified !== undefined) {
    candidates.push({
      ...rowDriver('verified', adminVerifiedPartition(verified)),
      covers: 'verified',
      size: (c) => (verified ? (c.verified ?? 0) : (c.total ?? 0) - (c.verified ?? 0)),
    });
  }
  if (featured === true) candidates.push({ ...rowDriver('featured', ADMIN_FEATURED_PARTITION), covers: 'featured', size: (c) => c.featured ?? 0 });
  if (needsReview === true) candidates.push({ ...tableDriver(ADMIN_REVIEW_PARTITION), covers: 'needsReview', size: (c) => c.flagged ?? 0 });
  if (query.state) {
    const state = query.state;
    candidates.push({ ...rowDriver('state', adminStatePartition(state)), covers: 'state', size: (c) => c[`state#${state}`] ?? 0 });
  }
  if (query.type) {
    const type = query.type;
    candidates.push({ ...rowDriver('type', adminTypePartition(type)), covers: 'type', size: (c) => c[`type#${type}`] ?? 0 });
  }

  const filters = [verified, featured, needsReview, query.state, query.type, query.from, query.to].filter((value) => value !== undefined);
  let exactTotal: AdminListPlan['exactTotal'];
  if (queryWords.length === 0 && filters.length === 0) exactTotal = (c) => c.total ?? 0;
  else if (queryWords.length === 0 && filters.length === 1) {
    if (featured === false) exactTotal = (c) => (c.total ?? 0) - (c.featured ?? 0);
    else if (needsReview === false) exactTotal = (c) => (c.total ?? 0) - (c.flagged ?? 0);
    else if (candidates.length === 1) exactTotal = (c) => candidates[0]!.size(c) ?? 0;
  }
  return {
    words: queryWords,
    query,
    candidates,
    hash: filtersHash([queryWords, verified, featured, needsReview, query.state, query.type, query.from, query.to]),
    exactTotal,
  };
}

/** Every partition the plan may be driven by (a cursor must name one of them). */
const driverPartitions = (plan: AdminListPlan) => [...plan.candidates.map((candidate) => candidate.partition), ALL.partition];

function chooseDriver(plan: AdminListPlan, counters: Counters): Driver & { covers?: Covered } {
  let best: (Driver & { covers?: Covered }) | undefined;
  let bestSize = Number.POSITIVE_INFINITY;
  for (const candidate of plan.candidates) {
    const size = candidate.size(counters) ?? Math.min(TEXT_PARTITION_GUESS, Math.max(1, (counters.total ?? 0) * TEXT_SHARE));
    if (size < bestSize) [best, bestSize] = [candidate, size];
  }
  return best ?? ALL;
}

function driverFor(plan: AdminListPlan, partition: string): Driver & { covers?: Covered } {
  return plan.candidates.find((candidate) => candidate.partition === partition) ?? ALL;
}

interface Filter {
  expression: string | undefined;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** Everything the driving partition does not already guarantee, as a FilterExpression. */
export function adminFilterFor(plan: AdminListPlan, covers: Covered | undefined): Filter {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const { query } = plan;
  plan.words.forEach((word, index) => {
    // A three-letter word's own partition holds exactly the events with a word starting with it.
    if (covers === `word:${word}` && word.length === 3) return;
    names['#text'] = 'adminText';
    values[`:w${index}`] = ` ${word}`;
    conditions.push(`contains(#text, :w${index})`);
  });
  const equal = (name: string, value: unknown, covered: Covered) => {
    if (value === undefined || covers === covered) return;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    conditions.push(`#${name} = :${name}`);
  };
  equal('verified', flag(query.verified), 'verified');
  equal('featured', flag(query.featured), 'featured');
  equal('state', query.state, 'state');
  equal('eventType', query.type, 'type');
  const needsReview = flag(query.needsReview);
  if (needsReview !== undefined && covers !== 'needsReview') {
    names['#flag'] = 'reviewFlag';
    conditions.push(needsReview ? 'attribute_exists(#flag)' : 'attribute_not_exists(#flag)');
  }
  if (query.from !== undefined || query.to !== undefined) {
    names['#date'] = 'eventDate';
    if (query.from !== undefined && query.to !== undefined) {
      values[':from'] = query.from;
      values[':to'] = query.to;
      conditions.push('#date BETWEEN :from AND :to');
    } else if (query.from !== undefined) {
      values[':from'] = query.from;
      conditions.push('#date >= :from');
    } else {
      values[':to'] = query.to;
      conditions.push('#date <= :to');
    }
  }
  return { expression: conditions.length > 0 ? conditions.join(' AND ') : undefined, names, values };
}

export interface AdminListStats {
  readUnits: number;
  itemsRead: number;
  queries: number;
  driver: string;
}

async function readCounters(stats: AdminListStats): Promise<Counters> {
  const { Item, ConsumedCapacity } = await table.get({ Key: EVENT_COUNTERS_KEY, ReturnConsumedCapacity: 'TOTAL' });
  stats.queries += 1;
  stats.readUnits += ConsumedCapacity?.CapacityUnits ?? 0;
  const counters: Record<string, number> = {};
  for (const [name, value] of Object.entries(Item ?? {})) if (typeof value === 'number') counters[name] = Math.max(0, value);
  return counters;
}

interface Stream {
  rows: AdminEventRow[];
  /** Last position read, when the partition may hold more. */
  resumeAfter: string | undefined;
}

/** Reads the driving partition newest first until `need` rows, its end, or the read budget (lib/kit/budgeted-query.ts). */
async function readStream(
  driver: Driver,
  filter: Filter,
  before: string | undefined,
  need: number,
  stats: AdminListStats,
  budget: number,
): Promise<Stream> {
  const spent = stats.readUnits;
  const read = await readWithinBudget({
    index: driver.index,
    pk: driver.pk,
    sk: driver.sk,
    partition: driver.partition,
    range: (position) => (position === undefined ? { expression: '', values: {} } : { expression: '#sk < :before', values: { ':before': position } }),
    after: before,
    newestFirst: true,
    filter,
    need,
    unitsLeft: () => budget - (stats.readUnits - spent),
    usage: stats,
    itemBytesGuess: ITEM_BYTES_GUESS,
    minItemBytes: 150,
    matchRateGuess: 0.5,
    minItemsPerQuery: MIN_ITEMS_PER_QUERY,
    maxItemsPerQuery: MAX_ITEMS_PER_QUERY,
  });
  return { rows: read.items.map(adminRowFromItem), resumeAfter: read.resumeAfter };
}

export interface AdminListResult {
  page: AdminEventsPage;
  stats: AdminListStats;
}

/** One page of the admin list and the read work it took. */
export async function listAdminEvents(query: AdminEventsQuery, pageSize = ADMIN_EVENTS_PAGE_SIZE): Promise<AdminListResult> {
  const plan = planAdminList(query);
  const cursor = query.cursor ? decodeAdminCursor(query.cursor, plan.hash, driverPartitions(plan)) : undefined;
  const stats: AdminListStats = { readUnits: 0, itemsRead: 0, queries: 0, driver: '' };
  const counters = await readCounters(stats);
  const driver = cursor ? driverFor(plan, cursor.d) : chooseDriver(plan, counters);
  stats.driver = driver.partition;
  const offset = cursor?.n ?? 0;
  const empty = query.from !== undefined && query.to !== undefined && query.from > query.to;
  const stream = empty
    ? { rows: [], resumeAfter: undefined }
    : await readStream(driver, adminFilterFor(plan, driver.covers), cursor?.a, pageSize, stats, READ_BUDGET);
  const seen = offset + stream.rows.length;
  const complete = stream.resumeAfter === undefined;
  const exact = plan.exactTotal?.(counters);
  const page: AdminEventsPage = {
    items: stream.rows,
    offset,
    // The counters are exact; the rows seen are exact once the end is reached, a lower bound before.
    total: exact !== undefined ? Math.max(exact, seen) : seen,
    totalExact: exact !== undefined || complete,
    complete,
    ...(complete ? {} : { nextCursor: encodeAdminCursor({ v: 1, q: plan.hash, d: driver.partition, a: stream.resumeAfter as string, n: seen }) }),
  };
  return { page, stats };
}

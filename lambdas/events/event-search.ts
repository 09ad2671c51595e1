/**
 * Event search: plans and runs one page of GET /api/events against the search index (search-index.ts) and
 * the event indexes, with read work bounded per page whatever the size of the catalogue.
 *
 * Plan. The text is read by parseQuery (shared/search-text.ts): '13.1', '26.2' and 'ultra' become distance
 * filters, kind words ('trail', 'road', 'triathlon'...) match the event's type or terrain field or the word whole, the
 * rest words to match (other forms such as 'st'/'saint' need nothing here: the index holds both). Every
 * filter and every query word names a partition that holds a superset of the answer, already in
 * result order (date, then id): a word's term postings (IDX#T#<first 3 chars>), the type/terrain/distance/tag
 * postings, the state's events (GSI2), or all verified events (GSI1, only when nothing narrower exists). The
 * partition with the fewest items (weighted by item size; sizes from the SEARCHSTATS hints) drives the read,
 * from max(today, from) to `to` as a key condition, and everything else (remaining words as
 * `contains(searchText, ' word')`, a word-prefix match, or ' wo ' for words under 3 characters, which match
 * whole words; state, type, terrain, distance, tag) is a
 * FilterExpression on the items read. Items carry the card, so there is no second read.
 *
 * Budget. A page reads until it has 50 results, its partition ends, or READ_BUDGET read units are spent
 * (each Query's Limit is sized from the measured item size and match rate so the budget is not overrun),
 * and then returns what it has with a cursor that resumes exactly after the last item read. So a page can
 * hold fewer than 50 results, or none, while `nextCursor` is present when matches are rare in the driving
 * partition; clients simply ask for the next page. Pages are not filled past the budget (that would make
 * the rare-match pages cost what the bound forbids); instead every page says `complete`, true only
 * on the last one, so a client counts honestly ('50+ events' until the end is known). Planner hints reused
 * from a warm cache are charged as if read (Usage.reserved), so the same query pages identically on every
 * load and a running count never differs between loads.
 *
 * Promotions. The first page (no cursor) starts with the events of active paid-and-approved promotions in
 * the matching scopes (site always, state with a state filter, event type with a type filter) that match the
 * query, by tier rank, then date; they are left out of the regular stream on every page (their ids ride in
 * the cursor), so nothing repeats.
 */
import { EVENT_PAGE_SIZE, type EventType, type SearchTag } from '#shared/event-vocabulary';
import { TIER_RANK } from '#shared/promotions';
import type { PromotionScope, PromotionTier } from '#shared/promotions';
import type { ElevationClass } from '#shared/course-elevation';
import type { EventSearchPage, EventSearchQuery, EventSummary } from '#shared/schemas/search';
import { kindNeedles, matchesKind, matchesQueryWords, parseQuery, queryNeedle, termOf, type KindFilter } from '#shared/search-text';
import { readWithinBudget } from '#lib/kit/budgeted-query';
import { batchGetOnce } from '#lib/kit/table';
import { eventKey } from '#data/event';
import { listActivePromotions, type Promotion } from '#data/promotion';
import {
  distancePartition,
  distancePricePartition,
  elevationPartition,
  isStateKindPartition,
  kindPartition,
  PRICE_PARTITION,
  priceKey,
  RATED_PARTITION,
  STATS_PK,
  stateKindPartition,
  statePartition,
  statePricePartition,
  summaryFromItem,
  tagPartition,
  terrainPartition,
  typeDriverPartition,
  typePricePartition,
  VERIFIED_PARTITION,
  wordPartition,
} from '#data/search-index';
import { searchNear } from './near-search.ts';
import { invalidCursor } from '#lib/cursor';
import { decodeCursor, encodeCursor, queryHash, type SearchCursor } from './search-cursor.ts';

/** Read units one page may spend in all (promotions, planner hints and the stream together), eventually consistent. */
export const READ_BUDGET = 9;
/** Below this many affordable items another Query is not worth its round trip. */
const MIN_ITEMS_PER_QUERY = 8;
const MAX_ITEMS_PER_QUERY = 400;
/** Promoted events considered per first page (each costs one item read to check it matches). */
export const MAX_PROMOTED = 6;
/** How long partition sizes are reused by a warm function; they only steer the plan. */
const SIZE_HINT_TTL_MS = 5 * 60_000;

export interface SearchStats {
  /** Read units consumed by every DynamoDB call of this page (ReturnConsumedCapacity TOTAL). */
  readUnits: number;
  /** Items DynamoDB read (before filters), promotions and hints included. */
  itemsRead: number;
  itemsReturned: number;
  /** DynamoDB requests made. */
  queries: number;
  /** The partition that drove the read. */
  driver: string;
}

export interface SearchResult {
  page: EventSearchPage;
  stats: SearchStats;
}

export interface SearchOptions {
  /** Today in America/New_York (YYYY-MM-DD): nothing earlier is listed. */
  today: string;
  pageSize?: number;
}

interface Driver {
  readonly partition: string;
  readonly index: 'GSI1' | 'GSI2' | undefined;
  readonly pk: string;
  readonly sk: string;
  /** Relative size of its items: event items (GSI1/GSI2) are about twice a posting. */
  readonly weight: number;
  /** First guess of the bytes of one item, until a read measures it. */
  readonly itemBytes: number;
}

function driverOf(partition: string): Driver {
  if (partition === VERIFIED_PARTITION) return { partition, index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', weight: 2, itemBytes: 1200 };
  if (partition.startsWith('STATE#')) return { partition, index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK', weight: 2, itemBytes: 1200 };
  return { partition, index: undefined, pk: 'PK', sk: 'SK', weight: 1, itemBytes: 700 };
}

/** A query reduced to what it asks for. */
interface Plan {
  readonly words: string[];
  readonly state?: string;
  readonly type?: EventType;
  readonly terrain?: string;
  /** A search tag the event must have ('charity'). */
  readonly tag?: SearchTag;
  /** The least average stars of the event's reviews (an event without reviews has none, so never matches). */
  readonly minRating?: number;
  /** How hilly the course must be (an event without a course has none, so never matches). */
  readonly elevation?: ElevationClass;
  /** The distance filter and the distances the text names ('13.1'): an event must have each. */
  readonly distances: string[];
  /** Kind words of the text ('trail'): an event's type or terrain must be one each names. */
  readonly kinds: KindFilter[];
  readonly lo: string;
  readonly hi: string | undefined;
  /** Partitions that could drive it, narrowest kinds first (a cursor's driver must be one of them). */
  readonly candidates: string[];
  /**
   * The state-kind partitions among the candidates, each with the two it narrows (its state's and its kind's).
   * Those two are never worth reading when it is there, and it has no count of its own: its size is taken as the
   * smaller of theirs (search-index.ts).
   */
  readonly narrowing: ReadonlyMap<string, readonly [string, string]>;
  readonly hash: string;
}

function planOf(query: EventSearchQuery, today: string): Plan {
  const { words, kinds, distances: named } = parseQuery(query.q);
  const distances = [...new Set([...(query.distance ? [query.distance] : []), ...named])].sort();
  const narrowing = new Map<string, readonly [string, string]>();
  if (query.state) {
    const state = statePartition(query.state);
    if (query.type) narrowing.set(stateKindPartition(query.state, { type: query.type }), [state, typeDriverPartition(query.type)]);
    for (const distance of distances) narrowing.set(stateKindPartition(query.state, { distance }), [state, distancePartition(distance)]);
  }
  const candidates = [
    ...narrowing.keys(),
    ...new Set([
      ...words.map(wordPartition),
      ...(query.state ? [statePartition(query.state)] : []),
      ...(query.type ? [typeDriverPartition(query.type)] : []),
      ...(query.terrain ? [terrainPartition(query.terrain)] : []),
      ...(query.tag ? [tagPartition(query.tag)] : []),
      ...(query.rating ? [RATED_PARTITION] : []),
      ...(query.elevation ? [elevationPartition(query.elevation)] : []),
      ...distances.map(distancePartition),
      ...kinds.map(kindPartition),
    ]),
  ];
  const kindWords = kinds.map((kind) => kind.word).sort();
  return {
    words,
    state: query.state,
    type: query.type,
    terrain: query.terrain,
    tag: query.tag,
    ...(query.rating ? { minRating: Number(query.rating) } : {}),
    ...(query.elevation ? { elevation: query.elevation } : {}),
    distances,
    kinds,
    lo: query.from && query.from > today ? query.from : today,
    hi: query.to,
    candidates: candidates.length > 0 ? candidates : [VERIFIED_PARTITION],
    narrowing,
    hash: queryHash([
      words, query.state, query.type, query.terrain, distances, query.from, query.to, kindWords,
      // The tag, the rating, and a radius search's place and radius join only when set, so the cursors of other
      // searches keep their hash.
      ...(query.tag ? [query.tag] : []),
      ...(query.rating ? [`rating>=${query.rating}`] : []),
      ...(query.elevation ? [`elevation=${query.elevation}`] : []),
      ...(query.near === undefined ? [] : [query.near.trim().toLowerCase(), query.radius ?? null]),
      // A sort other than by date joins only when set, so date-ordered cursors keep their hash.
      ...(query.sort === undefined || query.sort === 'date' ? [] : [`sort=${query.sort}`]),
    ]),
  };
}

interface Usage {
  readUnits: number;
  itemsRead: number;
  queries: number;
  /**
   * Read units that reused planner hints would have cost. They count against the page's budget as if read,
   * so a page ends at the same item whether this function's hint cache was warm or cold: the same query
   * gives the same pages (and the same running count) on every load.
   */
  reserved: number;
}

const sizeHints = new Map<string, { n: number; at: number; units: number }>();

/** Partition sizes from SEARCHSTATS, reusing recent answers; a missing count reads as empty. */
async function partitionSizes(partitions: readonly string[], usage: Usage): Promise<Map<string, number>> {
  const now = Date.now();
  const sizes = new Map<string, number>();
  const missing: string[] = [];
  for (const partition of partitions) {
    const hint = sizeHints.get(partition);
    if (hint && now - hint.at < SIZE_HINT_TTL_MS) {
      sizes.set(partition, hint.n);
      usage.reserved += hint.units;
    } else missing.push(partition);
  }
  if (missing.length === 0) return sizes;
  const { items, readUnits: units } = await batchGetOnce(
    missing.map((SK) => ({ PK: STATS_PK, SK })),
    { projection: 'SK, n' },
  );
  usage.queries += 1;
  usage.readUnits += units;
  const found = new Map(items.map((item) => [item.SK as string, Number(item.n) || 0]));
  usage.itemsRead += found.size;
  for (const partition of missing) {
    const n = Math.max(0, found.get(partition) ?? 0);
    sizes.set(partition, n);
    sizeHints.set(partition, { n, at: now, units: units / missing.length });
  }
  return sizes;
}

/**
 * The cheapest driving partition: fewest items, event-item partitions counting double. A state and kind query's
 * state-kind partition leaves its state's and kind's out of the running, so a landing page's query has one
 * candidate and reads no counts at all.
 */
async function chooseDriver(plan: Plan, usage: Usage): Promise<Driver> {
  const narrowed = new Set([...plan.narrowing.values()].flat());
  const choices = plan.candidates.filter((partition) => !narrowed.has(partition));
  if (choices.length === 1) return driverOf(choices[0] as string);
  const counted = [...new Set(choices.flatMap((partition) => plan.narrowing.get(partition) ?? [partition]))];
  const sizes = await partitionSizes(counted, usage);
  const sizeOf = (partition: string) => Math.min(...(plan.narrowing.get(partition) ?? [partition]).map((counted) => sizes.get(counted) ?? 0));
  let best = driverOf(choices[0] as string);
  let bestScore = Number.POSITIVE_INFINITY;
  for (const partition of choices) {
    const driver = driverOf(partition);
    const score = sizeOf(partition) * driver.weight;
    if (score < bestScore) [best, bestScore] = [driver, score];
  }
  return best;
}

interface Filter {
  expression: string | undefined;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** Everything the driving partition does not already guarantee, as a FilterExpression. */
function filterFor(plan: Plan, driver: Driver): Filter {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  plan.words.forEach((word, index) => {
    // The word's own partition holds exactly the events with a word starting with its term (or, for words
    // shorter than a term, that whole word), so a word no longer than its term needs no check there.
    if (driver.partition === wordPartition(word) && word.length <= termOf(word).length) return;
    names['#text'] = 'searchText';
    values[`:w${index}`] = queryNeedle(word);
    conditions.push(`contains(#text, :w${index})`);
  });
  const equal = (name: string, value: string | undefined, partition: string | undefined) => {
    if (value === undefined || driver.partition === partition) return;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    conditions.push(`#${name} = :${name}`);
  };
  // A state-kind partition holds only its state's events, and only those of its type or distance.
  equal('state', plan.state, plan.state && (isStateKindPartition(driver.partition) ? driver.partition : statePartition(plan.state)));
  // The type's driving partition is a term partition holding other events too: the type is checked but where a
  // state-kind partition of the type drives.
  equal('eventType', plan.type, plan.state && plan.type && stateKindPartition(plan.state, { type: plan.type }));
  equal('terrainType', plan.terrain, plan.terrain && terrainPartition(plan.terrain));
  equal('elevationClass', plan.elevation, plan.elevation && elevationPartition(plan.elevation));
  if (plan.tag !== undefined && driver.partition !== tagPartition(plan.tag)) {
    names['#tags'] = 'searchTags';
    values[':tag'] = plan.tag;
    conditions.push('contains(#tags, :tag)');
  }
  // The rated partition holds every event with reviews, whatever their average: the average is always checked.
  if (plan.minRating !== undefined) {
    names['#rating'] = 'rating';
    names['#average'] = 'average';
    values[':rating'] = plan.minRating;
    conditions.push('#rating.#average >= :rating');
  }
  plan.distances.forEach((distance, index) => {
    if (driver.partition === distancePartition(distance)) return;
    if (plan.state && driver.partition === stateKindPartition(plan.state, { distance })) return;
    names['#distance'] = 'distanceCategories';
    values[`:d${index}`] = distance;
    conditions.push(`contains(#distance, :d${index})`);
  });
  // A kind's partition may hold other events too (a term partition), so the kind is always checked: its type,
  // its terrain, or its word whole in the event's text (matchesKind; the partition holds all three).
  plan.kinds.forEach((kind, index) => {
    const either: string[] = [];
    kindNeedles(kind).forEach((needle, at) => {
      names['#text'] = 'searchText';
      values[`:k${index}w${at}`] = needle;
      either.push(`contains(#text, :k${index}w${at})`);
    });
    kind.types.forEach((type, at) => {
      names['#eventType'] = 'eventType';
      values[`:k${index}t${at}`] = type;
      either.push(`#eventType = :k${index}t${at}`);
    });
    kind.terrains.forEach((terrain, at) => {
      names['#terrainType'] = 'terrainType';
      values[`:k${index}r${at}`] = terrain;
      either.push(`#terrainType = :k${index}r${at}`);
    });
    conditions.push(`(${either.join(' OR ')})`);
  });
  return { expression: conditions.length > 0 ? conditions.join(' AND ') : undefined, names, values };
}

/** Whether an event item matches the whole query (used for promoted events, read by key). */
function itemMatches(item: Record<string, unknown>, plan: Plan): boolean {
  const date = item.eventDate as string;
  return (
    item.verified === true &&
    date >= plan.lo &&
    (plan.hi === undefined || date <= plan.hi) &&
    (plan.state === undefined || item.state === plan.state) &&
    (plan.type === undefined || item.eventType === plan.type) &&
    (plan.terrain === undefined || item.terrainType === plan.terrain) &&
    (plan.elevation === undefined || item.elevationClass === plan.elevation) &&
    (plan.tag === undefined || ((item.searchTags as string[] | undefined) ?? []).includes(plan.tag)) &&
    (plan.minRating === undefined || ((item.rating as { average?: number } | undefined)?.average ?? 0) >= plan.minRating) &&
    plan.distances.every((distance) => ((item.distanceCategories as string[] | undefined) ?? []).includes(distance)) &&
    plan.kinds.every((kind) => matchesKind(item as { eventType: string; terrainType: string; searchText?: string }, kind)) &&
    matchesQueryWords((item.searchText as string | undefined) ?? '', plan.words)
  );
}

/** The promoted events of the first page: matching the query, best tier first, then date, then id. */
async function promotedEvents(plan: Plan, today: string, usage: Usage): Promise<EventSummary[]> {
  const scopes: [PromotionScope, string | undefined][] = [['site', undefined]];
  if (plan.state) scopes.push(['state', plan.state]);
  if (plan.type) scopes.push(['event_type', plan.type]);
  const answers = await Promise.all(scopes.map(([scope, value]) => listActivePromotions(scope, value, today)));
  const bestTier = new Map<string, PromotionTier>();
  for (const answer of answers) {
    usage.queries += 1;
    usage.readUnits += answer.readUnits;
    usage.itemsRead += answer.promotions.length;
    for (const promotion of answer.promotions as Promotion[]) {
      const current = bestTier.get(promotion.eventId);
      if (!current || TIER_RANK[promotion.tier] > TIER_RANK[current]) bestTier.set(promotion.eventId, promotion.tier);
    }
  }
  if (bestTier.size === 0) return [];
  const candidates = [...bestTier]
    .sort(([idA, a], [idB, b]) => TIER_RANK[b] - TIER_RANK[a] || idA.localeCompare(idB))
    .slice(0, MAX_PROMOTED);
  const { items, readUnits } = await batchGetOnce(candidates.map(([id]) => eventKey(id)));
  usage.queries += 1;
  usage.readUnits += readUnits;
  usage.itemsRead += items.length;
  return items
    .filter((item) => itemMatches(item, plan))
    .map((item) => ({ ...summaryFromItem(item), promotion: { tier: bestTier.get(item.id as string) as PromotionTier } }))
    .sort(
      (a, b) =>
        TIER_RANK[b.promotion.tier] - TIER_RANK[a.promotion.tier] ||
        a.eventDate.localeCompare(b.eventDate) ||
        a.id.localeCompare(b.id),
    );
}

interface Stream {
  items: EventSummary[];
  /** Last position read, when the partition may hold more. */
  resumeAfter: string | undefined;
  exhausted: boolean;
}

/**
 * What a page's budgeted read of its driving partition may spend and how it starts guessing, the same in the date
 * and the price order: the page's READ_BUDGET less what it spent, the driver's item size, and a first match rate
 * of 0.6, until a read measures it (most filtered reads are a longer word in its own term partition, or a price
 * partition where only the date is checked, and most items match).
 */
function pageReadLimits(driver: Driver, usage: Usage) {
  return {
    unitsLeft: () => READ_BUDGET - usage.readUnits - usage.reserved,
    usage,
    itemBytesGuess: driver.itemBytes,
    minItemBytes: 200,
    matchRateGuess: 0.6,
    minItemsPerQuery: MIN_ITEMS_PER_QUERY,
    maxItemsPerQuery: MAX_ITEMS_PER_QUERY,
  };
}

/** Reads the driving partition in order until `need` results, its end, or the read budget (lib/kit/budgeted-query.ts). */
async function readStream(
  plan: Plan,
  driver: Driver,
  after: string | undefined,
  need: number,
  exclude: ReadonlySet<string>,
  usage: Usage,
): Promise<Stream> {
  const upper = plan.hi === undefined ? undefined : `${plan.hi}#~`;
  const read = await readWithinBudget({
    index: driver.index,
    pk: driver.pk,
    sk: driver.sk,
    partition: driver.partition,
    range: (position) => {
      // Every sort key is '<date>#<26-char id>', all the same length, so the keys after `position` are exactly
      // those >= position + ' ' (space sorts before every key character).
      const lower = position !== undefined && `${position} ` > plan.lo ? `${position} ` : plan.lo;
      if (upper === undefined) return { expression: '#sk >= :lower', values: { ':lower': lower } };
      return lower > upper ? 'end' : { expression: '#sk BETWEEN :lower AND :upper', values: { ':lower': lower, ':upper': upper } };
    },
    after,
    newestFirst: false,
    filter: filterFor(plan, driver),
    need,
    ...pageReadLimits(driver, usage),
    skip: (item) => exclude.has(item.id as string),
  });
  return { items: read.items.map(summaryFromItem), resumeAfter: read.resumeAfter, exhausted: read.exhausted };
}

/** What a radius search reads from: the geo cells, which guarantee none of the other filters. */
const GEO_DRIVER = driverOf('IDX#GEO');

/** One page of search results and the read work it took. */
export async function searchEvents(query: EventSearchQuery, options: SearchOptions): Promise<SearchResult> {
  const pageSize = options.pageSize ?? query.limit ?? EVENT_PAGE_SIZE;
  const plan = planOf(query, options.today);
  if (query.near !== undefined) {
    // Radius search (near-search.ts): the other filters apply to the geo postings as they would to any driver.
    return searchNear({
      near: query.near,
      ...(query.radius === undefined ? {} : { radius: query.radius }),
      lo: plan.lo,
      hi: plan.hi,
      hash: plan.hash,
      filter: filterFor(plan, GEO_DRIVER),
      ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      pageSize,
      ...(query.sort === 'distance' ? { sort: 'distance' as const } : {}),
    });
  }
  if (query.sort === 'price') return searchByPrice(plan, query.cursor, pageSize);
  const cursor: SearchCursor | undefined = query.cursor ? decodeCursor(query.cursor, plan.hash, plan.candidates) : undefined;
  const usage: Usage = { readUnits: 0, itemsRead: 0, queries: 0, reserved: 0 };
  const driver = cursor ? driverOf(cursor.d) : await chooseDriver(plan, usage);
  const done = (items: EventSummary[], nextCursor?: string): SearchResult => ({
    page: nextCursor ? { items, complete: false, nextCursor } : { items, complete: true },
    stats: {
      readUnits: usage.readUnits,
      itemsRead: usage.itemsRead,
      queries: usage.queries,
      itemsReturned: items.length,
      driver: driver.partition,
    },
  });
  if (plan.hi !== undefined && plan.hi < plan.lo) return done([]);

  const promoted = cursor ? [] : (await promotedEvents(plan, options.today, usage)).slice(0, pageSize);
  const promotedIds = cursor ? cursor.p : promoted.map((item) => item.id);
  const stream = await readStream(plan, driver, cursor?.a, pageSize - promoted.length, new Set(promotedIds), usage);
  const items = [...promoted, ...stream.items];
  if (stream.exhausted) return done(items);
  return done(
    items,
    encodeCursor({ v: 1, q: plan.hash, d: driver.partition, ...(stream.resumeAfter ? { a: stream.resumeAfter } : {}), p: promotedIds }),
  );
}

/**
 * A date partition is read whole and put in price order in memory when its count says it holds at most this many
 * items (weighted as chooseDriver weighs them): about 7 read units of postings, so the read fits a page's budget
 * with room for the counts. Counts include passed races, which a read from today never pays for.
 */
export const WHOLE_READ_ITEMS = 80;

/**
 * The price order's own partition for a query: its state's when it names one, else a distance category's it asks
 * for (the filter, or '26.2' in the text), else its type's, else everyone's. Without the narrower ones a common
 * filter read in price order found nothing for page after page: the cheapest races are 5Ks, not marathons.
 */
function priceDriverOf(plan: Plan): Driver {
  if (plan.state) return driverOf(statePricePartition(plan.state));
  const distance = plan.distances[0];
  if (distance) return driverOf(distancePricePartition(distance));
  if (plan.type) return driverOf(typePricePartition(plan.type));
  return driverOf(PRICE_PARTITION);
}

/** The narrowest date partition of a query and its weighted size (from the SEARCHSTATS hints), if it has one. */
async function narrowestDatePartition(plan: Plan, usage: Usage): Promise<{ driver: Driver; size: number } | undefined> {
  const narrowed = new Set([...plan.narrowing.values()].flat());
  const choices = plan.candidates.filter((partition) => partition !== VERIFIED_PARTITION && !narrowed.has(partition));
  if (choices.length === 0) return undefined;
  const counted = [...new Set(choices.flatMap((partition) => plan.narrowing.get(partition) ?? [partition]))];
  const sizes = await partitionSizes(counted, usage);
  const sizeOf = (partition: string) => Math.min(...(plan.narrowing.get(partition) ?? [partition]).map((name) => sizes.get(name) ?? 0));
  let best: { driver: Driver; size: number } | undefined;
  for (const partition of choices) {
    const driver = driverOf(partition);
    const size = sizeOf(partition) * driver.weight;
    if (!best || size < best.size) best = { driver, size };
  }
  return best;
}

/** The query's date range as a filter on `eventDate` (the price partitions are not in date order). */
function withDateRange(filter: Filter, plan: Plan): Filter {
  const conditions = [...(filter.expression ? [filter.expression] : []), '#eventDate >= :lo', ...(plan.hi ? ['#eventDate <= :hi'] : [])];
  return {
    expression: conditions.join(' AND '),
    names: { ...filter.names, '#eventDate': 'eventDate' },
    values: { ...filter.values, ':lo': plan.lo, ...(plan.hi ? { ':hi': plan.hi } : {}) },
  };
}

/**
 * One page in price order (sort=price): the price of the day (search-index.ts priceKey: the stored fee, which the
 * event store and the daily price job keep to the tier sold today), lowest first, free races first, races that give
 * no price last; ties by date, then id. Promotions are not lifted: a price order asks which race costs least, and a
 * paid place at the top would answer another question.
 *
 * Where the query's narrowest date partition is small (a rare word, a rare tag: at most WHOLE_READ_ITEMS by its
 * count), it is read whole from today within the budget and ordered in memory, so a rare word lists its races on the
 * first page. Otherwise the price partition drives (the state's with a state filter, IDX#PRICE#STATE#<st>; else
 * IDX#PRICE), read in key order within the same READ_BUDGET as the date order, every other filter and the dates a
 * FilterExpression on its postings, so a rare filter gives short pages with a cursor, as word search does. The
 * cursor holds the last price key returned (or read), which means the same place in either kind of partition: a
 * small partition that grew past what a page may read between two pages is continued from the price partition at
 * that key, with nothing repeated or skipped.
 */
async function searchByPrice(plan: Plan, rawCursor: string | undefined, pageSize: number): Promise<SearchResult> {
  const priceDriver = priceDriverOf(plan);
  const cursor = rawCursor ? decodeCursor(rawCursor, plan.hash, [priceDriver.partition, ...plan.candidates]) : undefined;
  if (cursor && cursor.o !== 'price') throw invalidCursor();
  const usage: Usage = { readUnits: 0, itemsRead: 0, queries: 0, reserved: 0 };
  let driver = priceDriver;
  if (cursor) driver = driverOf(cursor.d);
  else {
    const narrowest = await narrowestDatePartition(plan, usage);
    if (narrowest && narrowest.size <= WHOLE_READ_ITEMS) driver = narrowest.driver;
  }
  /** The page, with `next` (the last price key returned or read, if any) when the answer goes on. */
  const done = (items: EventSummary[], next?: { a: string | undefined }): SearchResult => ({
    page: next
      ? { items, complete: false, nextCursor: encodeCursor({ v: 1, q: plan.hash, d: driver.partition, ...(next.a ? { a: next.a } : {}), p: [], o: 'price' }) }
      : { items, complete: true },
    stats: { readUnits: usage.readUnits, itemsRead: usage.itemsRead, queries: usage.queries, itemsReturned: items.length, driver: driver.partition },
  });
  if (plan.hi !== undefined && plan.hi < plan.lo) return done([]);

  if (driver.partition !== priceDriver.partition) {
    const whole = await readStream(plan, driver, undefined, Number.MAX_SAFE_INTEGER, new Set(), usage);
    if (whole.exhausted) {
      const ordered = whole.items.map((item) => ({ item, key: priceKey(item) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const rest = ordered.filter(({ key }) => cursor?.a === undefined || key > cursor.a);
      const page = rest.slice(0, pageSize);
      return done(page.map(({ item }) => item), rest.length > pageSize ? { a: page.at(-1)?.key } : undefined);
    }
    // It grew past what a page may read: the price partition takes over from the same key, on this page if the
    // budget allows, else the next.
    driver = priceDriver;
  }

  const read = await readWithinBudget({
    index: undefined,
    pk: driver.pk,
    sk: driver.sk,
    partition: driver.partition,
    range: (position) => (position === undefined ? { expression: '', values: {} } : { expression: '#sk > :after', values: { ':after': position } }),
    after: cursor?.a,
    newestFirst: false,
    filter: withDateRange(filterFor(plan, driver), plan),
    need: pageSize,
    ...pageReadLimits(driver, usage),
  });
  const items = read.items.map(summaryFromItem);
  if (read.exhausted) return done(items);
  // Resume after the last item read; when nothing was read (the budget went on the counts), where this page began.
  return done(items, { a: read.resumeAfter });
}

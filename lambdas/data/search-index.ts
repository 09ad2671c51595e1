/** No defineEntity here: search postings without a schema, written only by the event store. */
/**
 * The search index of events, kept in the one table beside the event items (DESIGN section 6). Only the
 * event store writes it (in the same transaction or batch as the event); the search planner reads it.
 *
 * A verified event has one *posting* per index partition it belongs to:
 *
 * | partition (PK)           | what is in it                                        |
 * | IDX#T#<term>             | events with a word starting with <term> (3 chars, and 6 for words that long; shorter words whole) |
 * | IDX#TERRAIN#<terrain>    | events on a terrain                                  |
 * | IDX#DIST#<category>      | events with a distance in a category (DISTANCE_CATEGORIES) |
 * | IDX#GEO#<level>#<cell>   | events with coordinates in a cell of a grid level (shared/geo.ts; four levels) |
 * | IDX#NEAR#<cell>          | events with coordinates in a one-degree cell, by their quadtree path in it: the nearest-first order (sort=distance) |
 * | IDX#FEATURED             | featured events (the home page's Featured races)      |
 * | IDX#TAG#<tag>            | events with a search tag (SEARCH_TAGS: 'charity'), for the tag filter |
 * | IDX#RATED                | events with reviews (a `rating`), for the rating filter |
 * | IDX#ELEV#<class>         | events with a course (a GPX upload, event-course.ts) of an elevation class (shared/course-elevation.ts) |
 * | IDX#ORG#<organizationId> | the public events of an organization (its page's event list; not a planner partition) |
 * | IDX#CLOSES#<date>        | events whose registration closes that day (the saved races' closing reminders; not a planner partition) |
 * | IDX#STATE#<state>#TYPE#<type>, IDX#STATE#<state>#DIST#<category> | a state's events of a type, or with a distance in a category |
 * | IDX#PRICE, IDX#PRICE#STATE#<state>, IDX#PRICE#DIST#<category>, IDX#PRICE#TYPE#<type> | every upcoming event (a state's, a distance category's, a type's) by the price of the day: the price order (SK below) |
 * | IDX#REPRICE#<date>       | events whose price of the day changes that day (a tier deadline passed): what the daily price job reads; not a planner partition |
 *
 * SK is '<eventDate>#<eventId>' (the price partitions': '<price>#<eventDate>#<eventId>', priceKey; IDX#NEAR#'s:
 * '<quadtree path>#<eventDate>#<eventId>', shared/geo.ts nearOrderPathOf, so that every box of the cell's quadtree is
 * one key range), so every partition reads in result order (date, then id) and a date range
 * is a key condition. A posting carries the event card (EventSummary, description cut to ~200 characters)
 * plus `searchText` (the event's normalized words between spaces), `distanceCategories` and `searchTags`, so a page
 * is read from one partition with the remaining words and filters checked by a FilterExpression, never a
 * second read. The type filter needs no postings of its own: the type's label is among the indexed words,
 * so the term partition of its first word ('Trail Race' -> IDX#T#tra) holds every event of the type
 * (typeDriverPartition). The verified event items themselves (GSI1 all by date, GSI2 by state) carry the
 * same two attributes, so the planner can drive a query from a state partition and filter on text as well.
 *
 * A search filtering by a state and a type or distance (every /races/{state}/{kind} landing page) reads the state's
 * events of that kind, which the state partition or the kind's would hold among many others: a rare kind in a big
 * state would spend the whole read budget on filtered-out items. The state-kind partitions have no SEARCHSTATS
 * count of their own (they would double the count updates of every write): the planner takes one as no larger
 * than the smaller of the state and kind partitions it narrows, which it always is.
 *
 * Geo and nearest-first postings also carry the event's `latitude` and `longitude`, so a radius search (lambdas/events/
 * near-search.ts) checks the exact distance on the item it read. An event without coordinates has none and
 * is simply absent from radius searches. Neither the geo nor the featured partitions are planner candidates
 * (they are read only by the radius search and the home feed), so they have no SEARCHSTATS counts.
 *
 * Size: about 18 postings per verified event (11.5 three-character and 3.9 six-character word terms, 1 terrain,
 * 1.4 distance categories; the other forms of words add a few hundredths; a charity tag and an organization
 * one each where the event has them), i.e. about 19 items per event with the event item; 1.9M items for a
 * 100k catalogue.
 *
 * Partition sizes are kept as planner hints in PK 'SEARCHSTATS', SK '<partition>' (n). They are written
 * right after the event write (not inside its transaction, so hot counters never make an edit conflict),
 * and only steer which partition drives a query: a stale count can make a query slower, never wrong.
 */
import { longestFirst } from '#shared/race-distance';
import { enumLabel, searchTagsOf, type EventType, type SearchTag } from '#shared/event-vocabulary';
import type { RaceEvent } from '#shared/schemas/event';
import type { EventSummary } from '#shared/schemas/search';
import { addDays } from '#shared/dates';
import { cellOf, GEO_LEVELS, nearOrderPathOf, type GeoLevel, type LatLng } from '#shared/geo';
import { elevationClassOf, type ElevationClass } from '#shared/course-elevation';
import { distanceCategories, eventWords, searchTextOf, termOf, termsOf, words, type KindFilter } from '#shared/search-text';

export const DESCRIPTION_PREVIEW_LENGTH = 200;
/**
 * The shape of the postings. Data written under another version lacks partitions the planner reads (version 2
 * added the six-character terms; version 3 the other forms of words, 'st' for 'saint', 'nyc' for New York,
 * and every ultra marathon in the ultra category; version 4 the admin list's index, admin-event-index.ts;
 * version 5 the geo cells and the featured partition; version 6 the tag and organization partitions and the
 * organizations' own index, organization-index.ts; version 7 the rated partition; version 8 the registration
 * closing partition; version 9 the state-kind partitions; version 10 the elevation partitions; version 11 the price and
 * reprice partitions; version 12 the nearest-first partitions), so it must be indexed again: a data migration does
 * (lambdas/migrations/0002-search-index-7.ts, 0005-search-index-8.ts, 0007-search-index-9.ts, 0008-search-index-12.ts,
 * which brings layouts 11 and 12 together, as they shipped together), and the next layout
 * brings its own. Version 10 needs none: only an event with a course has an elevation posting (and `elevationClass`
 * and `course` on its item and postings), courses came with it, so no event written under 9 lacks anything
 * (reindexEvents finds nothing to write for such an event and leaves its mark).
 * Every event item carries the version it was written under (`indexVersion`, event.ts), and
 * SEARCH_INDEX_CHANGES says what each version changed, so a migration writes only what an event lacks.
 */
export const SEARCH_INDEX_VERSION = 12;

/** The kinds of search postings, by partition (searchPostingKind): what a layout adds or changes is said in these. */
export const SEARCH_POSTING_KINDS = ['term', 'terrain', 'distance', 'tag', 'rated', 'geo', 'featured', 'organization', 'closing', 'state-kind', 'elevation', 'price', 'reprice', 'near-order'] as const;
export type SearchPostingKind = (typeof SEARCH_POSTING_KINDS)[number];
/**
 * What a layout can change for an event: a kind of search posting; `event`, the event item's own search
 * attributes and index keys (searchAttributesOf, written by toEventItem); `admin`, the admin list's row and
 * postings (admin-event-index.ts).
 */
export type IndexKind = SearchPostingKind | 'event' | 'admin';
export const INDEX_KINDS: readonly IndexKind[] = ['event', ...SEARCH_POSTING_KINDS, 'admin'];

/**
 * What each layout added or changed against the one before it. An event written under version v lacks, or holds
 * in an older shape, the items of the kinds listed for the versions after v (indexKindsChangedSince); the others
 * are as this code writes them. A posting body change (an attribute every posting carries) lists every posting
 * kind. The next layout adds its line here with SEARCH_INDEX_VERSION (a unit test holds them together).
 */
export const SEARCH_INDEX_CHANGES: Readonly<Record<number, readonly IndexKind[]>> = {
  /** Six-character terms. */
  2: ['term'],
  /** Other forms of words in the terms and in `searchText`, ultra marathons in the ultra distance category (the item and every posting carry both). */
  3: INDEX_KINDS.filter((kind) => kind !== 'admin'),
  /** The admin list's index. */
  4: ['admin'],
  /** Geo cells and the featured partition. */
  5: ['geo', 'featured'],
  /** Tag and organization partitions, and `searchTags` on the event item and every posting. */
  6: INDEX_KINDS.filter((kind) => kind !== 'admin'),
  /** The rated partition. */
  7: ['rated'],
  /** The registration closing partition. */
  8: ['closing'],
  /** The state-kind partitions. */
  9: ['state-kind'],
  /**
   * The elevation partitions. Only events with a course have one (or `elevationClass` and `course` on their item
   * and postings), and no event had a course before this layout: an event at 9 lacks nothing, so no migration.
   */
  10: ['elevation'],
  /** The price partitions (the price order) and the reprice partitions (the daily price job's), 0008-search-index-12. */
  11: ['price', 'reprice'],
  /** The nearest-first partitions (sort=distance), 0008-search-index-12. */
  12: ['near-order'],
};

/**
 * The kinds an event indexed under `version` needs written to be at `to` (this code's layout): those of the
 * versions after its own, none when it is there already, and every kind when it carries no version (it was
 * written before events recorded one).
 */
export function indexKindsChangedSince(version: number | undefined, to: number = SEARCH_INDEX_VERSION): ReadonlySet<IndexKind> {
  if (version === undefined) return new Set(INDEX_KINDS);
  const kinds = new Set<IndexKind>();
  for (let next = version + 1; next <= to; next += 1) for (const kind of SEARCH_INDEX_CHANGES[next] ?? INDEX_KINDS) kinds.add(kind);
  return kinds;
}
export const VERIFIED_PARTITION = 'EVENTS#VERIFIED';
export const STATS_PK = 'SEARCHSTATS';

export const termPartition = (term: string) => `IDX#T#${term}`;
export const terrainPartition = (terrain: string) => `IDX#TERRAIN#${terrain}`;
export const distancePartition = (category: string) => `IDX#DIST#${category}`;
export const statePartition = (state: string) => `STATE#${state}`;
export const geoPartition = (level: GeoLevel, cell: string) => `IDX#GEO#${level.id}#${cell}`;
/** A one-degree cell of the nearest-first index (shared/geo.ts NEAR_ORDER_LEVEL). */
export const nearOrderPartition = (cell: string) => `IDX#NEAR#${cell}`;
/** The sort key of an event's nearest-first posting: its quadtree path in the cell, then its date and id. */
export const nearOrderKey = (path: string, dated: string) => `${path}#${dated}`;
export const FEATURED_PARTITION = 'IDX#FEATURED';
export const tagPartition = (tag: SearchTag) => `IDX#TAG#${tag}`;
/** Every public event with reviews: where a rating filter reads (the average is checked on each item). */
export const RATED_PARTITION = 'IDX#RATED';
/** The public events whose course (GPX) climbs as much per km as an elevation class says: the elevation filter's partition. */
export const elevationPartition = (elevation: ElevationClass) => `IDX#ELEV#${elevation}`;
/** The public events of one organization, by date: what its page lists (not a planner candidate). */
export const organizationEventsPartition = (organizationId: string) => `IDX#ORG#${organizationId}`;
/**
 * The public events whose registration closes on a day (YYYY-MM-DD, as the event gives it): what the daily job
 * reads to remind the people who saved them (lambdas/data/registration-reminders.ts).
 */
export const registrationClosesPartition = (date: string) => `IDX#CLOSES#${date}`;
/** What a state-kind partition narrows a state to: an event type, or a distance category (DISTANCE_CATEGORIES). */
export type StateKind = { readonly type: EventType } | { readonly distance: string };
const STATE_KIND_PREFIX = 'IDX#STATE#';
/** A state's public events of a type or with a distance in a category: what a landing page /races/{state}/{kind} reads. */
export const stateKindPartition = (state: string, kind: StateKind) =>
  'type' in kind ? `${STATE_KIND_PREFIX}${state}#TYPE#${kind.type}` : `${STATE_KIND_PREFIX}${state}#DIST#${kind.distance}`;
export const isStateKindPartition = (partition: string) => partition.startsWith(STATE_KIND_PREFIX);
/** Every public event by its price of the day (priceKey): the price order's partition without a narrower one. */
export const PRICE_PARTITION = 'IDX#PRICE';
/** The narrower price partitions: a state's, a distance category's, a type's ('cheapest marathons' reads marathons only). */
const PRICE_PREFIX = 'IDX#PRICE#';
/** A state's public events by their price of the day: the price order's partition with a state filter. */
export const statePricePartition = (state: string) => `${PRICE_PREFIX}STATE#${state}`;
/** A distance category's public events by their price of the day: with a distance filter (or '26.2' in the text). */
export const distancePricePartition = (category: string) => `${PRICE_PREFIX}DIST#${category}`;
/** An event type's public events by their price of the day: with a type filter. */
export const typePricePartition = (type: EventType) => `${PRICE_PREFIX}TYPE#${type}`;
export const isPricePartition = (partition: string) => partition === PRICE_PARTITION || partition.startsWith(PRICE_PREFIX);
/**
 * The events whose price of the day changes on a day (YYYY-MM-DD: the day after a tier's last day): what the daily
 * price job reads (lambdas/events/daily-prices.ts), so it never looks at a race whose price stays.
 */
export const repricePartition = (day: string) => `IDX#REPRICE#${day}`;
/** A partition holding every event of a type: the term of its label's first word ('road_race' -> IDX#T#roa). */
export const typeDriverPartition = (type: EventType) => termPartition(termOf(words(enumLabel(type))[0] ?? type));
/** The partition of a query word: the term it is stored under. */
export const wordPartition = (word: string) => termPartition(termOf(word));
/**
 * A partition holding every event a kind word (KIND_WORDS) matches: the term of the kind's word. The type's
 * label and the terrain it names are indexed under it ('trail' is in 'Trail Race' and is the terrain 'trail';
 * 'triathlon' is the type's label), and so is every event whose text has one of the kind's forms, which all
 * start with the word ('trails'), so a kind widened to the words of a title still reads one partition.
 */
export function kindPartition(kind: KindFilter): string {
  return wordPartition(kind.word);
}

/** Position of an event in every partition: date order, then id. */
export const datedKey = (event: Pick<RaceEvent, 'eventDate' | 'id'>) => `${event.eventDate}#${event.id}`;

/** Width of a price in a price key: cents, zero-padded (up to $999,999.99; dearer reads as that). */
const FEE_KEY_DIGITS = 8;
/** A race that gives no price: '~' sorts after every digit, so those races come last. */
export const NO_FEE_KEY = '~'.repeat(FEE_KEY_DIGITS);
/** A fee as it sorts: zero-padded cents ('00004250' for $42.50, '00000000' for a free race), NO_FEE_KEY without one. */
export function feeKey(fee: number | undefined): string {
  if (fee === undefined || !Number.isFinite(fee) || fee < 0) return NO_FEE_KEY;
  return String(Math.min(10 ** FEE_KEY_DIGITS - 1, Math.round(fee * 100))).padStart(FEE_KEY_DIGITS, '0');
}
/**
 * Position of an event in the price partitions: its price of the day, then date, then id. The price is the stored
 * `registrationFee`, which the event store sets to the fee of the tier sold on the day it writes (event.ts
 * withTodaysFee) and the daily price job refreshes when a tier's deadline passes, so the key an event's postings
 * were written under is always the one its stored item says (a later edit or delete finds them).
 */
export const priceKey = (event: Pick<RaceEvent, 'registrationFee' | 'eventDate' | 'id'>) => `${feeKey(event.registrationFee)}#${datedKey(event)}`;

/**
 * The days an event's price of the day changes on: the day after each tier's last day but the last tier's (after
 * which its price stays, shared/price-tiers.ts tierOn). None for a race with one fee.
 */
export function repriceDays(event: Pick<RaceEvent, 'priceTiers'>): string[] {
  const tiers = event.priceTiers ?? [];
  return [...new Set(tiers.slice(0, -1).flatMap((tier) => (tier.until ? [addDays(tier.until, 1)] : [])))];
}

/** Attributes that the index adds to event items and postings (removed again when an item is read back). */
export interface SearchAttributes {
  readonly searchText: string;
  readonly distanceCategories: string[];
  /** The event's tags that the search filters by (SEARCH_TAGS), lower-cased. */
  readonly searchTags: SearchTag[];
  /** How hilly the event's course is, when it has one: the elevation filter checks it where another partition drives. */
  readonly elevationClass?: ElevationClass;
}

/** The elevation class of an event's course; none without a course. */
export function elevationClassOfEvent(event: Pick<RaceEvent, 'course'>): ElevationClass | undefined {
  return event.course ? elevationClassOf(event.course.gainMeters, event.course.distanceMeters) : undefined;
}

export function searchAttributesOf(event: RaceEvent): SearchAttributes {
  const elevationClass = elevationClassOfEvent(event);
  return {
    searchText: searchTextOf(eventWords(event)),
    distanceCategories: distanceCategories(event.distances, event.eventType),
    searchTags: searchTagsOf(event.tags),
    ...(elevationClass ? { elevationClass } : {}),
  };
}

/** A description short enough for a card: cut at a word boundary near the limit, with an ellipsis. */
export function previewOf(description: string | undefined): string | undefined {
  if (description === undefined || description.length <= DESCRIPTION_PREVIEW_LENGTH) return description;
  const cut = description.slice(0, DESCRIPTION_PREVIEW_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_PREVIEW_LENGTH * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A card's start: the time and the zone it is read in, together or not at all (shared/race-start.ts). */
function startOf(item: { startTime?: unknown; timeZone?: unknown }): Pick<EventSummary, 'startTime' | 'timeZone'> {
  return typeof item.startTime === 'string' && typeof item.timeZone === 'string' ? { startTime: item.startTime, timeZone: item.timeZone } : {};
}

/** An event as a card: the same fields, in the same order of distances, as a posting read back (summaryFromItem). */
export function summaryOf(event: RaceEvent): EventSummary {
  return summaryFromItem(event);
}

/** An event's coordinates, when it has both. */
export function coordinatesOf(event: Pick<RaceEvent, 'latitude' | 'longitude'>): LatLng | undefined {
  return event.latitude === undefined || event.longitude === undefined ? undefined : { latitude: event.latitude, longitude: event.longitude };
}

/** The partitions the search planner may drive a query from (each has a SEARCHSTATS count). */
function plannerPartitions(event: RaceEvent): string[] {
  return [
    ...termsOf(eventWords(event)).map(termPartition),
    terrainPartition(event.terrainType),
    ...distanceCategories(event.distances, event.eventType).map(distancePartition),
    ...searchTagsOf(event.tags).map(tagPartition),
    ...(event.rating ? [RATED_PARTITION] : []),
    ...elevationPartitions(event),
  ];
}

/** The elevation partition of an event with a course; none without one. */
function elevationPartitions(event: RaceEvent): string[] {
  const elevation = elevationClassOfEvent(event);
  return elevation ? [elevationPartition(elevation)] : [];
}

/** The geo cells of an event at every grid level; none without coordinates. */
function geoPartitions(event: RaceEvent): string[] {
  const point = coordinatesOf(event);
  return point ? GEO_LEVELS.map((level) => geoPartition(level, cellOf(point, level))) : [];
}

/** The nearest-first posting's partition and sort key of an event; none without coordinates. */
function nearOrderPostingOf(event: RaceEvent): { PK: string; SK: string } | undefined {
  const point = coordinatesOf(event);
  if (!point) return undefined;
  const { cell, path } = nearOrderPathOf(point);
  return { PK: nearOrderPartition(cell), SK: nearOrderKey(path, datedKey(event)) };
}

/** The state-kind partitions of an event: its state with its type, and with each of its distance categories. */
function stateKindPartitions(event: RaceEvent): string[] {
  return [
    stateKindPartition(event.state, { type: event.eventType }),
    ...distanceCategories(event.distances, event.eventType).map((distance) => stateKindPartition(event.state, { distance })),
  ];
}

/**
 * The posting partitions of an event; none for an unverified event, which is not public. The geo, featured,
 * organization and closing partitions are read only by the radius search, the home feed, an organization's page
 * and the registration reminders; the state-kind ones by the planner, without counts of their own.
 */
export function postingPartitions(event: RaceEvent): string[] {
  if (!event.verified) return [];
  return [
    ...plannerPartitions(event),
    ...stateKindPartitions(event),
    ...geoPartitions(event),
    ...[nearOrderPostingOf(event)?.PK ?? []].flat(),
    ...(event.featured ? [FEATURED_PARTITION] : []),
    ...(event.organizationId ? [organizationEventsPartition(event.organizationId)] : []),
    ...(event.registrationEndDate ? [registrationClosesPartition(event.registrationEndDate)] : []),
    ...pricePartitions(event),
    ...repriceDays(event).map(repricePartition),
  ];
}

/** The price partitions of an event: everyone's, its state's, its distance categories' and its type's (keyed by priceKey, not datedKey). */
function pricePartitions(event: RaceEvent): string[] {
  return [
    PRICE_PARTITION,
    statePricePartition(event.state),
    ...distanceCategories(event.distances, event.eventType).map(distancePricePartition),
    typePricePartition(event.eventType),
  ];
}

/** The sort key of an event's posting in a partition: priceKey in the price partitions, datedKey everywhere else. */
function postingSortKey(event: RaceEvent, partition: string): string {
  return isPricePartition(partition) ? priceKey(event) : datedKey(event);
}

/** Every partition an event counts in for the planner: its word, terrain, distance, tag, rated and elevation postings plus GSI1/GSI2 of the event item. */
export function statPartitions(event: RaceEvent): string[] {
  if (!event.verified) return [];
  return [...plannerPartitions(event), VERIFIED_PARTITION, statePartition(event.state)];
}

export function postingsOf(event: RaceEvent): Record<string, unknown>[] {
  const partitions = postingPartitions(event);
  if (partitions.length === 0) return [];
  const body = { entity: 'posting', ...summaryOf(event), ...searchAttributesOf(event) };
  const point = coordinatesOf(event);
  const located = new Set([...geoPartitions(event), ...(point ? [nearOrderPostingOf(event)!.PK] : [])]);
  const reprice = new Set(repriceDays(event).map(repricePartition));
  return postingKeysOf(event).map((key) => {
    // The daily price job needs only which event to look at: it reads the event itself.
    if (reprice.has(key.PK)) return { ...key, entity: 'posting', id: event.id };
    return point && located.has(key.PK) ? { ...key, ...body, latitude: point.latitude, longitude: point.longitude } : { ...key, ...body };
  });
}

const KIND_OF_PARTITION: readonly (readonly [string, SearchPostingKind])[] = [
  [termPartition(''), 'term'],
  [terrainPartition(''), 'terrain'],
  [distancePartition(''), 'distance'],
  [tagPartition('' as SearchTag), 'tag'],
  [RATED_PARTITION, 'rated'],
  ['IDX#ELEV#', 'elevation'],
  ['IDX#GEO#', 'geo'],
  [nearOrderPartition(''), 'near-order'],
  [FEATURED_PARTITION, 'featured'],
  [organizationEventsPartition(''), 'organization'],
  [registrationClosesPartition(''), 'closing'],
  [STATE_KIND_PREFIX, 'state-kind'],
  [PRICE_PREFIX, 'price'],
  [PRICE_PARTITION, 'price'],
  [repricePartition(''), 'reprice'],
];

/** The kind of a search posting's partition (PK); a partition of no known kind throws, so a new one must be given one. */
export function searchPostingKind(partition: string): SearchPostingKind {
  const found = KIND_OF_PARTITION.find(([prefix]) => (prefix.endsWith('#') ? partition.startsWith(prefix) : partition === prefix));
  if (!found) throw new Error(`No posting kind for the partition ${partition}`);
  return found[1];
}

/** The key of every posting of an event. */
export function postingKeysOf(event: RaceEvent): { PK: string; SK: string }[] {
  const nearest = nearOrderPostingOf(event);
  return postingPartitions(event).map((PK) => (nearest && PK === nearest.PK ? nearest : { PK, SK: postingSortKey(event, PK) }));
}

/** Reads a posting or event item back as a card, dropping keys and index attributes. */
export function summaryFromItem(item: Record<string, unknown> | RaceEvent): EventSummary {
  const fields = item as Record<string, unknown>;
  return {
    id: fields.id as string,
    title: fields.title as string,
    description: previewOf(fields.description as string | undefined),
    eventDate: fields.eventDate as string,
    ...startOf(fields),
    status: fields.status as EventSummary['status'],
    previousEventDate: fields.previousEventDate as string | undefined,
    city: fields.city as string,
    state: fields.state as string,
    locationName: fields.locationName as string,
    eventType: fields.eventType as EventSummary['eventType'],
    terrainType: fields.terrainType as EventSummary['terrainType'],
    // Longest first: a card headlines the race's main distance ('Marathon +1', not 'Half Marathon +1').
    distances: longestFirst(fields.distances as string[]),
    registrationFee: fields.registrationFee as number | undefined,
    priceTiers: fields.priceTiers as EventSummary['priceTiers'],
    registrationUrl: fields.registrationUrl as string | undefined,
    soldOut: fields.soldOut === true ? true : undefined,
    imageUrl: fields.imageUrl as string | undefined,
    featured: fields.featured as boolean,
    verified: fields.verified as boolean,
    organizerId: fields.organizerId as string | undefined,
    rating: fields.rating as EventSummary['rating'],
    course: fields.course as EventSummary['course'],
  };
}

/** Per-partition count changes from replacing `before` by `after` (either may be absent). */
export function statDeltas(before: RaceEvent | undefined, after: RaceEvent | undefined): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const partition of before ? statPartitions(before) : []) deltas.set(partition, (deltas.get(partition) ?? 0) - 1);
  for (const partition of after ? statPartitions(after) : []) deltas.set(partition, (deltas.get(partition) ?? 0) + 1);
  for (const [partition, delta] of deltas) if (delta === 0) deltas.delete(partition);
  return deltas;
}

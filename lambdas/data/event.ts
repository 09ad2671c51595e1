/**
 * The one module that writes events. Every create, edit, verification, delete, import and seed goes through
 * here so that the event item, its search postings (./search-index.ts) and the event counters stay
 * consistent: single writes are one TransactWrite; an import's new races are created a group to a
 * transaction with their postings written right after it (createEventsTogether, with index-queue.ts);
 * the seed puts each event's postings in the same batches as the event.
 *
 * | item             | PK              | SK                 | GSI1 (verified by date)       | GSI2 (verified by state+date) | GSI3 (all by createdAt)   |
 * | event            | EVENT#<id>      | EVENT              | EVENTS#VERIFIED / <date>#<id> | STATE#<st> / <date>#<id>      | EVENTS / <createdAt>#<id> |
 * |   (event, cont.) | GSI4 (sparse, owned): EVENTS#OWNER#<sub> / <date>#<id>; GSI5 (sparse, in review): EVENTS#REVIEW#<status> / <createdAt>#<id> |
 * | search posting   | IDX#<partition> | <date>#<id>        |                               |                               |                           |
 * | admin row        | EVENT#<id>      | ADMIN              | admin list partitions on GSI1..GSI5, see admin-event-index.ts                             |
 * | admin posting    | ADMIN#T#<term>, ADMIN#REVIEW | <createdAt>#<id> |                                                                              |
 * | event counters   | COUNTER         | EVENTS             |                               |                               |                           |
 * | partition counts | SEARCHSTATS     | <partition>        |                               |                               |                           |
 *
 * Search postings exist only for verified events (partitions: IDX#T#<term>, IDX#TERRAIN#<terrain>, IDX#DIST#<category>,
 * IDX#TAG#<tag>, IDX#ORG#<organizationId>; see search-index.ts). A verified event with an organization also moves
 * that organization's counters and word postings in the same transaction (organization-events.ts). Event items also carry `searchText` and `distanceCategories`,
 * which fromEventItem drops again with the keys: it keeps exactly the fields of EventSchema. The admin list's
 * index (admin-event-index.ts) covers every event; postingsOf below is both indexes' items.
 *
 * Access patterns (docs/data-model.md): one event (table, PK = EVENT#<id>, SK = EVENT); verified events by date (GSI1,
 * GSI1PK = EVENTS#VERIFIED, GSI1SK >= <today>); verified events in a state by date (GSI2, GSI2PK =
 * STATE#<code>); all events, newest first (GSI3, GSI3PK = EVENTS, descending); an organizer's events (GSI4,
 * GSI4PK = EVENTS#OWNER#<sub>); organizer-created events in review (GSI5, GSI5PK = EVENTS#REVIEW#<status>);
 * event counts (table, PK = COUNTER, SK = EVENTS).
 */
import { chunksOf } from '#shared/chunks';
import { EventSchema, type RaceEvent } from '#shared/schemas/event';
import { BadRequestError, ConflictError, NotFoundError } from '#lib/errors';
import { batchGetItems } from '#lib/kit/batch-get';
import { deleteInBatches, inParallel, putInBatches } from '#lib/kit/batch-write';
import { counterUpdate, counterUpdateItems } from '#lib/kit/counter-update';
import { defineEntity } from '#lib/kit/entity';
import { queryIndexPage } from '#lib/kit/index-page';
import { queryPages, table } from '#lib/kit/table';
import { refuseLostRace, transact, transactOnce, type TransactItem } from '#lib/kit/transact';
import { isConditionFailure, isWriteConflict } from '#lib/transactions';
import { logger } from '#lib/logger';
import { todayInNewYork } from '#shared/dates';
import { lacksPreviousDate, RESCHEDULE_NEEDS_DATE, withStatusDates } from '#shared/event-status';
import { ISO_INSTANT_SOURCE, ULID_SOURCE } from '#shared/ids';
import { priceTiersProblem } from '#shared/price-tier-checks';
import { feeOn } from '#shared/price-tiers';
import { raceTimeZone } from '#shared/race-time-zones';
import { adminIndexItemsOf, adminIndexKeysOf, adminPostingItemsOf, adminRowItem } from './admin-event-index.ts';
import { finishableGroups, indexQueueItem, indexQueueKey, isAbandoned, newIndexTicket } from './index-queue.ts';
import { OrganizationMoves, applyOrganizationMoves, organizationWriteItems } from './organization-events.ts';
import {
  datedKey,
  indexKindsChangedSince,
  postingKeysOf as searchPostingKeysOf,
  postingsOf as searchPostingsOf,
  SEARCH_INDEX_VERSION,
  searchAttributesOf,
  searchPostingKind,
  STATS_PK,
  statDeltas,
  statePartition,
  VERIFIED_PARTITION,
  type IndexKind,
} from './search-index.ts';

export const eventKey = (id: string) => ({ PK: `EVENT#${id}`, SK: 'EVENT' });

/**
 * Every index item an event owns beside its own item: the public search postings (search-index.ts, verified
 * events only) and the admin list's row and postings (admin-event-index.ts, every event). Each write path of
 * this module writes, rewrites or deletes exactly these, so neither index can drift from the events. Named
 * like search-index.ts's functions on purpose: code here that says 'postings' means all of them.
 */
function postingsOf(event: RaceEvent): Record<string, unknown>[] {
  return [...searchPostingsOf(event), ...adminIndexItemsOf(event)];
}

/** The key of every index item of an event (see postingsOf). */
function postingKeysOf(event: RaceEvent): { PK: string; SK: string }[] {
  return [...searchPostingKeysOf(event), ...adminIndexKeysOf(event)];
}

/** An event's index items of these kinds (search-index.ts IndexKind; `event` is the event item, not among them). */
function postingsOfKinds(event: RaceEvent, kinds: ReadonlySet<IndexKind>): Record<string, unknown>[] {
  return [
    ...searchPostingsOf(event).filter((posting) => kinds.has(searchPostingKind(posting.PK as string))),
    ...(kinds.has('admin') ? adminIndexItemsOf(event) : []),
  ];
}

/** The search index layout a stored event item was written under; undefined for one written before items recorded it. */
export function indexVersionOf(item: Readonly<Record<string, unknown>>): number | undefined {
  return typeof item.indexVersion === 'number' ? item.indexVersion : undefined;
}
export const EVENT_COUNTERS_KEY = { PK: 'COUNTER', SK: 'EVENTS' } as const;
/** GSI3's partition of every event (verified or not), sorted by createdAt: the admin's whole catalogue. */
export const ALL_EVENTS_PARTITION = 'EVENTS';
/** An event's position where events sort by when they were added (GSI3, and the review queue's GSI5): createdAt#id. */
export const CREATED_EVENT_POSITION = new RegExp(`^${ISO_INSTANT_SOURCE}#(${ULID_SOURCE})$`);

/** Concurrent partition-count updates after a bulk create. */
const STAT_UPDATES_IN_FLIGHT = 8;
/**
 * Partition-count moves a bulk create writes in one TransactWriteItems (DynamoDB's limit is 100 items): a seeded
 * catalogue moves thousands of partitions, and DynamoDB Local spends about 0.4 ms of its CPU an update in a
 * transaction against 1.1 ms for an UpdateItem each, beside a request instead of a hundred. Only bulk creates
 * (seeding: the seed image, tests) write them this way: nothing else writes beside a seed, and a conflict is
 * retried. Single writes keep an UpdateItem a partition: in AWS an item in a transaction costs twice the write
 * units, and the hot partitions' counts in transactions would make a busy catalogue's writes conflict.
 */
const STATS_PER_TRANSACTION = 100;
const STAT_TRANSACTIONS_IN_FLIGHT = 2;
/** Concurrent one-by-one clears of `indexPending` when a group's single clear lost to another finisher. */
const CLEARS_IN_FLIGHT = 4;

/** The key of an event's course item (event-course.ts), here so the event's delete can take it along. */
export const eventCourseKey = (id: string) => ({ PK: eventKey(id).PK, SK: 'COURSE' });

export function toEventItem(event: RaceEvent) {
  const dated = datedKey(event);
  return {
    ...eventKey(event.id),
    entity: 'event',
    ...event,
    ...searchAttributesOf(event),
    // The layout its postings are written under: a search index migration writes only what a later layout changed.
    indexVersion: SEARCH_INDEX_VERSION,
    // Sparse: only verified events are listed publicly, so only they carry the public index keys.
    ...(event.verified
      ? { GSI1PK: VERIFIED_PARTITION, GSI1SK: dated, GSI2PK: statePartition(event.state), GSI2SK: dated }
      : {}),
    GSI3PK: ALL_EVENTS_PARTITION,
    GSI3SK: `${event.createdAt}#${event.id}`,
    // Sparse: an owned event is in its owner's list; one waiting for (or sent back from) review is in that queue.
    ...(event.organizerId ? { GSI4PK: ownerEventsPartition(event.organizerId), GSI4SK: dated } : {}),
    ...(event.reviewStatus && event.reviewStatus !== 'approved'
      ? { GSI5PK: reviewQueuePartition(event.reviewStatus), GSI5SK: `${event.createdAt}#${event.id}` }
      : {}),
  };
}

/** GSI4's partition of the events one organizer owns (claimed or created), by date. */
export const ownerEventsPartition = (sub: string) => `EVENTS#OWNER#${sub}`;
/** GSI5's partition of organizer-created events in one review state, oldest first. */
export const reviewQueuePartition = (status: 'pending' | 'changes_requested') => `EVENTS#REVIEW#${status}`;

/** The event item (written whole by toEventItem, with its postings, below). */
const events = defineEntity<RaceEvent, [string]>({ name: 'event', key: eventKey, schema: EventSchema });

/** The event of a stored item: its schema's fields only (no keys, index keys or search attributes). */
export const fromEventItem: (item: Readonly<Record<string, unknown>>) => RaceEvent = events.read;

export async function getEvent(id: string): Promise<RaceEvent | undefined> {
  return events.get(eventKey(id));
}

/** BatchGetItem takes at most 100 keys a call. */
/** The stored items of the events with these ids that exist. */
function eventItemsById(ids: readonly string[], options: { consistent?: boolean } = {}): Promise<Record<string, unknown>[]> {
  return batchGetItems([...new Set(ids)].map(eventKey), options);
}

/** The events with these ids that exist, by id. */
export async function getEventsById(ids: readonly string[]): Promise<Map<string, RaceEvent>> {
  const events = (await eventItemsById(ids)).map(fromEventItem);
  return new Map(events.map((event) => [event.id, event]));
}

/** The month an event was added to the catalogue, in the product's calendar: the 'this month' counters' key. */
function createdMonth(event: Pick<RaceEvent, 'createdAt'>): string {
  return todayInNewYork(new Date(event.createdAt)).slice(0, 7);
}

/**
 * How the event counters (COUNTER / EVENTS) move when `before` becomes `after` (either absent for a create or
 * a delete): total, verified, featured, flagged for review, `created#<YYYY-MM>` for the month each was
 * added, and `state#<code>` and `type#<eventType>` per state and event type. Deltas of several events add up,
 * so a bulk write moves the counters once. The admin overview and the admin list read these, never the events.
 */
export function eventCounterDeltas(before: RaceEvent | undefined, after: RaceEvent | undefined, into = new Map<string, number>()) {
  const add = (name: string, delta: number) => {
    if (delta !== 0) into.set(name, (into.get(name) ?? 0) + delta);
  };
  const flags = (event: RaceEvent | undefined) => ({
    total: event ? 1 : 0,
    verified: event?.verified ? 1 : 0,
    featured: event?.featured ? 1 : 0,
    flagged: event?.reviewFlag ? 1 : 0,
  });
  const [was, is] = [flags(before), flags(after)];
  for (const name of ['total', 'verified', 'featured', 'flagged'] as const) add(name, is[name] - was[name]);
  // Per state and per type: the admin list's exact totals for those filters (and its planner's sizes).
  for (const facet of ['state', 'type'] as const) {
    const valueOf = (event: RaceEvent | undefined) => (facet === 'state' ? event?.state : event?.eventType);
    const [from, to] = [valueOf(before), valueOf(after)];
    if (from === to) continue;
    if (from !== undefined) add(`${facet}#${from}`, -1);
    if (to !== undefined) add(`${facet}#${to}`, 1);
  }
  if (before && !after) add(`created#${createdMonth(before)}`, -1);
  if (after && !before) add(`created#${createdMonth(after)}`, 1);
  return into;
}

/** The counter update of a transaction, as a list of zero or one TransactItems. */
function counterItems(before: RaceEvent | undefined, after: RaceEvent | undefined) {
  return counterUpdateItems(EVENT_COUNTERS_KEY, eventCounterDeltas(before, after));
}

/**
 * Moves the planner's partition counts (search-index.ts). Best effort on purpose: they are hints, so a
 * failure here is logged by the caller's request and never undoes the event write that already happened.
 */
async function applyStatDeltas(deltas: ReadonlyMap<string, number>): Promise<void> {
  await inParallel([...deltas], STAT_UPDATES_IN_FLIGHT, async ([partition, delta]) => {
    await table.update(statUpdate(partition, delta));
  }).catch(() => undefined);
}

/** The update that moves one partition's count. */
function statUpdate(partition: string, delta: number) {
  return {
    Key: { PK: STATS_PK, SK: partition },
    UpdateExpression: 'ADD #n :delta',
    ExpressionAttributeNames: { '#n': 'n' },
    ExpressionAttributeValues: { ':delta': delta },
  };
}

/**
 * Items a caller writes in the same transaction as the event (the import's source lookup), so both or
 * neither are written. They follow the event item: a cancelled transaction's reasons for them are at
 * indexes 1..n.
 */
export type ExtraTransactItems = TransactItem[];

/** What an import adds to a single event write. */
export interface EventWriteOptions {
  /** Written in the same transaction, right after the event item (see ExtraTransactItems). */
  readonly extraItems?: ExtraTransactItems;
  /**
   * Collects the planner's partition-count moves here instead of applying them after the write, so a caller
   * writing many events applies them once (applySearchStatDeltas) rather than about 18 updates per event.
   */
  readonly statsInto?: Map<string, number>;
}

function addStatDeltas(deltas: ReadonlyMap<string, number>, into: Map<string, number>): void {
  for (const [partition, delta] of deltas) into.set(partition, (into.get(partition) ?? 0) + delta);
}

/** Applies partition-count moves collected through EventWriteOptions.statsInto (best effort, as always). */
export async function applySearchStatDeltas(deltas: ReadonlyMap<string, number>): Promise<void> {
  await applyStatDeltas(new Map([...deltas].filter(([, delta]) => delta !== 0)));
}

/**
 * The event with its clock: a start time is read in the zone named with it (an import's) while the race stays in
 * its state, else in its state's zone (shared/race-time-zones.ts); without a start time it keeps no zone. Every
 * write of an event goes through this, so a time and its zone never part.
 */
export function withRaceClock(event: RaceEvent, before?: Pick<RaceEvent, 'state' | 'timeZone'>): RaceEvent {
  const { timeZone, ...rest } = event;
  if (!event.startTime) return rest;
  const named = before && before.state !== event.state && timeZone === before.timeZone ? undefined : timeZone;
  return { ...rest, timeZone: raceTimeZone(named, event.state) };
}

/**
 * The event as every write of the store keeps it: its clock (withRaceClock), its status with the date a
 * rescheduled race moved from (shared/event-status.ts withStatusDates), so no writer sets either by hand, and
 * `soldOut` only when true.
 */
function asStored(event: RaceEvent, before?: RaceEvent): RaceEvent {
  const { soldOut, ...rest } = withTodaysFee(withStatusDates(withRaceClock(event, before), before));
  // Only a sold-out race says so: false is the same as never sold out.
  return soldOut ? { ...rest, soldOut } : rest;
}

/**
 * A race sold in tiers stores the fee of the tier sold today, so lists that read the stored fee (the admin's, the
 * exports) say what it costs now; cards and pages ask the tiers for the day they are read (shared/price-tiers.ts).
 */
function withTodaysFee(event: RaceEvent, today: string = todayInNewYork()): RaceEvent {
  if (!event.priceTiers || event.priceTiers.length === 0) return event;
  return { ...event, registrationFee: feeOn(event, today) };
}

/** Creates one new event with its search postings and counts it, in one transaction (with `extraItems`). */
export async function createEvent(given: RaceEvent, options: EventWriteOptions = {}): Promise<RaceEvent> {
  const event = asStored(given);
  const extraItems = options.extraItems ?? [];
  const organizationItems = await organizationWriteItems(new OrganizationMoves().add(undefined, event));
  // One attempt; a failed condition is DynamoDB's error unless an extra item names its own (its writer's 409).
  await transact(
    () => [
      { Put: { Item: toEventItem(event), ConditionExpression: 'attribute_not_exists(PK)' } },
      ...extraItems,
      ...postingsOf(event).map((Item) => ({ Put: { Item } })),
      ...counterItems(undefined, event),
      ...organizationItems,
    ],
    { attempts: 1 },
  );
  if (options.statsInto) addStatDeltas(statDeltas(undefined, event), options.statsInto);
  else await applyStatDeltas(statDeltas(undefined, event));
  return event;
}

/** Most items one TransactWriteItems call may carry. */
export const TRANSACTION_ITEM_LIMIT = 100;

/**
 * Items one event adds to a grouped create's transaction besides its `extraItems`: the event and its admin
 * row (its postings follow the transaction, see createEventsTogether).
 */
export function groupedCreateItemCount(extraItems: number): number {
  return 2 + extraItems;
}

/** Items a grouped create's transaction holds whatever its events: the counter update and the queue item. */
export const GROUPED_CREATE_OVERHEAD = 2;

/** The index items a grouped create writes after its transaction: search postings and admin postings. */
const deferredIndexItemsOf = (event: RaceEvent) => [...searchPostingsOf(event), ...adminPostingItemsOf(event)];

/**
 * Creates several new events (an import's new races) in ONE transaction with their extra items, admin rows,
 * the counters moved once for all of them (a transaction may not touch the counter item twice) and a queue
 * item (index-queue.ts), then writes their search and admin postings in batches and finishes the group.
 *
 * Why not every item in the transaction, as createEvent does: an event's ~25 index items made a
 * transaction of 100 items hold only 4 events, and DynamoDB charges a transactional write twice (DynamoDB
 * Local takes over twice as long per item too), so importing 10,000 races took 158 s; batches make it about
 * half that (issue 8's import bench). What the group keeps:
 * - all or none of the events are created: the transaction is the commit. A single failed condition
 *   cancels the whole group and the caller writes the events one by one (createEvent) to learn which lost;
 * - an event is never half written as far as anyone can change it: until its postings are written it carries
 *   `indexPending` (the group's ticket), and updateEvent/deleteEvent refuse it as a conflict while its
 *   writer may still be at work, so the postings written from the event as committed are never stale;
 * - nothing is lost to a crash: a group whose postings were not all written keeps its queue item, and
 *   finishPendingIndexes completes it (the import's last task, the next import, or an edit after
 *   INDEX_WRITER_LIMIT_MS). Until then the event shows on its page, in the admin list and in searches
 *   without words, but not in word searches.
 * The caller keeps the group within TRANSACTION_ITEM_LIMIT (groupedCreateItemCount) and no two events of a
 * group may share an extra item's key. `owner` (the import job) may finish the group's leftovers at once.
 * Failing to write the postings is logged, not thrown: the events are created.
 */
export async function createEventsTogether(
  given: readonly { event: RaceEvent; extraItems: ExtraTransactItems }[],
  options: Pick<EventWriteOptions, 'statsInto'> & { readonly owner?: string } = {},
): Promise<void> {
  if (given.length === 0) return;
  const creates = given.map((create) => ({ ...create, event: asStored(create.event) }));
  const ticket = newIndexTicket();
  const counters = new Map<string, number>();
  for (const { event } of creates) eventCounterDeltas(undefined, event, counters);
  const update = counterUpdate(EVENT_COUNTERS_KEY, counters);
  // Imported races name no organization, so this is normally empty; merged over the group if not.
  const organizations = new OrganizationMoves();
  for (const { event } of creates) organizations.add(undefined, event);
  const organizationItems = await organizationWriteItems(organizations);
  await transactOnce([
    ...creates.flatMap(({ event, extraItems }) => [
      { Put: { Item: { ...toEventItem(event), indexPending: ticket }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...extraItems,
      { Put: { Item: adminRowItem(event) } },
    ]),
    ...(update ? [{ Update: update }] : []),
    { Put: { Item: indexQueueItem(ticket, creates.map(({ event }) => event.id), options.owner) } },
    ...organizationItems,
  ]);
  for (const { event } of creates) {
    if (options.statsInto) addStatDeltas(statDeltas(undefined, event), options.statsInto);
    else await applyStatDeltas(statDeltas(undefined, event));
  }
  try {
    await finishIndexing(ticket, creates.map(({ event }) => event), { dequeue: true });
  } catch (error) {
    logger.warn('postings of created events left for later', { ticket, events: creates.length, error: error instanceof Error ? error.name : String(error) });
  }
}

/**
 * Writes the postings of events committed with `ticket` (computed from the events as committed, which no
 * one changes while they are pending) and clears their `indexPending`; with `dequeue`, the group is done and
 * its queue item goes too. An event someone else finished meanwhile is left alone. Safe to run twice.
 */
async function finishIndexing(ticket: string, events: readonly RaceEvent[], { dequeue }: { dequeue: boolean }): Promise<void> {
  await putInBatches(events.flatMap(deferredIndexItemsOf));
  const clears = events.length + (dequeue ? 1 : 0);
  if (clears === 0) return;
  const clear = (event: RaceEvent) => ({
    Key: eventKey(event.id),
    UpdateExpression: 'REMOVE indexPending',
    ConditionExpression: 'indexPending = :ticket',
    ExpressionAttributeValues: { ':ticket': ticket },
  });
  try {
    await transactOnce([...events.map((event) => ({ Update: clear(event) })), ...(dequeue ? [{ Delete: { Key: indexQueueKey(ticket) } }] : [])]);
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
    // Some were finished by someone else (a sweep, an edit): clear the rest one at a time.
    await inParallel(events, CLEARS_IN_FLIGHT, async (event) => {
      await table.update(clear(event)).catch((failure: unknown) => {
        if (!isConditionFailure(failure)) throw failure;
      });
    });
    if (dequeue) await table.delete({ Key: indexQueueKey(ticket) });
  }
}

/**
 * Finishes the groups a grouped create left unfinished (its writer crashed, timed out or could not write):
 * those of `owner` (an import job, once its own writers are done) and any whose writer is certainly gone
 * (index-queue.ts). Each event still pending under the group's ticket gets its postings; events deleted or
 * finished meanwhile are skipped. Returns how many events it finished.
 */
export async function finishPendingIndexes(owner?: string, now: Date = new Date()): Promise<number> {
  let finished = 0;
  for await (const group of finishableGroups(owner, now)) {
    const pending = (await eventItemsById(group.eventIds, { consistent: true })).filter((item) => item.indexPending === group.ticket).map(fromEventItem);
    await finishIndexing(group.ticket, pending, { dequeue: true });
    finished += pending.length;
  }
  return finished;
}

/** Fields an edit may change; the id, creation time and source stay. */
export type EventChanges = Partial<Omit<RaceEvent, 'id' | 'createdAt' | 'source'>>;

/** No event has this id: a 404 through the wrapper. */
export class EventNotFoundError extends NotFoundError {
  constructor(readonly eventId: string) {
    super('Event not found');
  }
}

/** The event changed between our read and our write; the caller may read again and retry (a 409). */
export class EventWriteConflictError extends ConflictError {
  constructor(readonly eventId: string) {
    super('The event was changed by someone else. Reload it and try again.');
  }
}

/**
 * The event as stored now, for a write. One whose postings are still being written (createEventsTogether) is
 * a conflict while its writer may be at work, so that no edit lands under postings written from the event
 * as it was; once the writer is certainly gone, its postings are finished here and the edit goes on.
 */
async function readForWrite(id: string): Promise<RaceEvent> {
  const { Item } = await table.get({ Key: eventKey(id), ConsistentRead: true });
  if (!Item) throw new EventNotFoundError(id);
  const event = fromEventItem(Item);
  if (typeof Item.indexPending === 'string') {
    if (!isAbandoned(Item.indexPending)) throw new EventWriteConflictError(id);
    await finishIndexing(Item.indexPending, [event], { dequeue: false });
  }
  return event;
}

/**
 * One attempt, no retry: a lost race, whether an item's condition failed (the event's version, an extra
 * item's) or another transaction got in the way, is EventWriteConflictError; the caller reads again.
 */
const lostRace = (id: string) => refuseLostRace(() => new EventWriteConflictError(id));

/**
 * Refuses (400, under the date field) an edit that marks a race rescheduled without moving its date, now or in an
 * earlier edit: the page would say "rescheduled" with no date it moved from.
 */
export function refuseRescheduleWithoutDate(before: RaceEvent, changes: EventChanges): void {
  const after = { eventDate: changes.eventDate ?? before.eventDate, status: 'status' in changes ? changes.status : before.status };
  if (lacksPreviousDate(after, before)) throw new BadRequestError('Some fields are not valid', { 'body.eventDate': [RESCHEDULE_NEEDS_DATE] });
}

/**
 * What every edit of a race that may sell in tiers keeps to (shared/price-tiers.ts), whoever edits it: the tiers
 * still fit the race's date (else a 400 under priceTiers), a fee given beside tiers that stay is refused (the store
 * sets the fee from the tiers on each write, withTodaysFee, so it would be dropped without a word), and a fee
 * cleared beside them is no change. Returns the changes without that clearing.
 */
export function withTierRules(before: RaceEvent, changes: EventChanges): EventChanges {
  const tiers = 'priceTiers' in changes ? changes.priceTiers : before.priceTiers;
  if (!tiers || tiers.length === 0) return changes;
  const problem = priceTiersProblem(tiers, changes.eventDate ?? before.eventDate);
  if (problem) throw new BadRequestError('Some fields are not valid', { 'body.priceTiers': [problem] });
  if (!('registrationFee' in changes)) return changes;
  if (changes.registrationFee !== undefined) {
    throw new BadRequestError('Some fields are not valid', { 'body.registrationFee': ['This race is sold in prices with deadlines: change those, or clear them to give one fee'] });
  }
  const { registrationFee: _cleared, ...rest } = changes;
  return rest;
}

export interface UpdateEventOptions extends EventWriteOptions {
  /** The version the caller computed `changes` from: a newer one throws EventWriteConflictError unwritten. */
  readonly expectedUpdatedAt?: string;
}

/**
 * Changes an event (edit, verify, unverify) and its postings in one transaction: postings of partitions the
 * event left are deleted, all current ones rewritten (their card fields may have changed), and the verified
 * counter moves with the flag, so verifying puts an event into the public index and unverifying takes it out.
 * The write is conditional on the event being unchanged since it was read (optimistic concurrency); a lost
 * race throws EventWriteConflictError. An unknown id throws EventNotFoundError. Keys in `changes` whose value
 * is undefined remove that optional field. `changes` may be a function of the event as read.
 */
export async function updateEvent(
  id: string,
  changesOrDerive: EventChanges | ((before: RaceEvent) => EventChanges),
  now: Date = new Date(),
  options: UpdateEventOptions = {},
): Promise<RaceEvent> {
  const before = await readForWrite(id);
  if (options.expectedUpdatedAt !== undefined && before.updatedAt !== options.expectedUpdatedAt) throw new EventWriteConflictError(id);
  // Changes may depend on the event as read (an admin's edit records which fields it changed), and are then
  // covered by the same optimistic check as the write.
  const changes = typeof changesOrDerive === 'function' ? changesOrDerive(before) : changesOrDerive;
  const merged: Record<string, unknown> = { ...before, ...changes, id, createdAt: before.createdAt, source: before.source };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const after = asStored({ ...merged, updatedAt: now.toISOString() } as RaceEvent, before);
  await replaceEvent(before, after, options);
  return after;
}

/**
 * Writes `after` over `before` with its postings in one transaction, if the event is still as read (its updatedAt):
 * postings of partitions (or keys) it left are deleted, all current ones rewritten, the counters moved.
 */
async function replaceEvent(before: RaceEvent, after: RaceEvent, options: EventWriteOptions = {}): Promise<void> {
  const kept = new Set(postingKeysOf(after).map((key) => `${key.PK}|${key.SK}`));
  const stale = postingKeysOf(before).filter((key) => !kept.has(`${key.PK}|${key.SK}`));
  const organizationItems = await organizationWriteItems(new OrganizationMoves().add(before, after));
  await transact(
    () => [
      {
        Put: {
          Item: toEventItem(after),
          ConditionExpression: 'attribute_exists(PK) AND #updatedAt = :seen',
          ExpressionAttributeNames: { '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: { ':seen': before.updatedAt },
        },
      },
      ...(options.extraItems ?? []),
      ...stale.map((Key) => ({ Delete: { Key } })),
      ...postingsOf(after).map((Item) => ({ Put: { Item } })),
      ...counterItems(before, after),
      ...organizationItems,
    ],
    lostRace(before.id),
  );
  if (options.statsInto) addStatDeltas(statDeltas(before, after), options.statsInto);
  else await applyStatDeltas(statDeltas(before, after));
}

/** Attempts at a price refresh that an edit keeps getting in the way of (the job's next run tries again). */
const REPRICE_ATTEMPTS = 3;

/**
 * The daily price job's write (lambdas/events/daily-prices.ts): when the price of the day on `today` of a race sold in
 * tiers is not its stored fee (a deadline passed), the event is written with that fee and its postings rewritten,
 * so its price postings move to their new key (search-index.ts priceKey) and every card carries the fee. Not an
 * edit: `updatedAt` stays, so an editor's form open meanwhile still saves (its write sets the fee of its own day).
 * Returns whether it wrote; an event gone, unchanged in price, or still being indexed is left alone.
 */
export async function refreshFeeOfDay(id: string, today: string): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    let before: RaceEvent;
    try {
      before = await readForWrite(id);
    } catch (error) {
      if (error instanceof EventNotFoundError || error instanceof EventWriteConflictError) return false;
      throw error;
    }
    const after = withTodaysFee(before, today);
    if (after.registrationFee === before.registrationFee) return false;
    try {
      await replaceEvent(before, after);
      return true;
    } catch (error) {
      if (!(error instanceof EventWriteConflictError) || attempt >= REPRICE_ATTEMPTS) throw error;
    }
  }
}

/**
 * Verified events dated in [from, to] (GSI1), read in pages: the races the daily price job takes out of the price
 * partitions once they have passed.
 */
export async function* verifiedEventsDatedBetween(from: string, to: string): AsyncGenerator<RaceEvent[]> {
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :verified AND GSI1SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':verified': VERIFIED_PARTITION, ':from': `${from}#`, ':to': `${to}#~` },
  })) {
    yield items.map(fromEventItem);
  }
}

/**
 * Deletes the price postings of races that have passed (search-index.ts: the price partitions are not in date
 * order, so a passed race would otherwise stay among those a price page reads). Their other postings stay, as
 * every passed race's do: the date partitions read from today on. Returns how many postings it deleted.
 */
export async function dropPricePostings(events: readonly RaceEvent[]): Promise<number> {
  const keys = events.flatMap((event) => searchPostingKeysOf(event).filter((key) => searchPostingKind(key.PK) === 'price'));
  await deleteInBatches(keys);
  return keys.length;
}

/**
 * Deletes an event, its postings and its share of the counters (its organization's too) in one transaction,
 * with `extraItems` (right after the event's delete). Returns the deleted event; an unknown id throws
 * EventNotFoundError, a concurrent change (or a version other than `expectedUpdatedAt`) EventWriteConflictError.
 */
export async function deleteEvent(id: string, options: Pick<UpdateEventOptions, 'extraItems' | 'expectedUpdatedAt'> = {}): Promise<RaceEvent> {
  const before = await readForWrite(id);
  if (options.expectedUpdatedAt !== undefined && before.updatedAt !== options.expectedUpdatedAt) throw new EventWriteConflictError(id);
  const organizationItems = await organizationWriteItems(new OrganizationMoves().add(before, undefined));
  await transact(
    () => [
      {
        Delete: {
          Key: eventKey(id),
          ConditionExpression: 'attribute_exists(PK) AND #updatedAt = :seen',
          ExpressionAttributeNames: { '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: { ':seen': before.updatedAt },
        },
      },
      ...(options.extraItems ?? []),
      // The event's course (event-course.ts) goes with it: nothing would ever read it again.
      ...(before.course ? [{ Delete: { Key: eventCourseKey(id) } }] : []),
      ...postingKeysOf(before).map((Key) => ({ Delete: { Key } })),
      ...counterItems(before, undefined),
      ...organizationItems,
    ],
    lostRace(id),
  );
  await applyStatDeltas(statDeltas(before, undefined));
  return before;
}

/**
 * Creates many new events (the seed) with their postings, in batches (#lib/batch-write: an event and its
 * postings side by side), and the counters move once at the end, so a failure part-way leaves the counters
 * short rather than over. Not atomic per event: only for writes no one reads until they are done. Unlike
 * createEvent this does not check that an id is new: callers pass freshly generated ids.
 */
export async function createEventsInBulk(given: readonly RaceEvent[]): Promise<number> {
  const events = given.map((event) => asStored(event));
  await putInBatches(events.flatMap((event) => [toEventItem(event), ...postingsOf(event)]));
  const counters = new Map<string, number>();
  for (const event of events) eventCounterDeltas(undefined, event, counters);
  const update = counterUpdate(EVENT_COUNTERS_KEY, counters);
  if (update) await table.update(update);
  const organizations = new OrganizationMoves();
  for (const event of events) organizations.add(undefined, event);
  await applyOrganizationMoves(organizations);
  const deltas = new Map<string, number>();
  for (const event of events) {
    for (const [partition, delta] of statDeltas(undefined, event)) deltas.set(partition, (deltas.get(partition) ?? 0) + delta);
  }
  await applyStatDeltasInTransactions(deltas);
  return events.length;
}

/** A bulk create's partition-count moves, STATS_PER_TRANSACTION to a transaction (best effort, as applyStatDeltas). */
async function applyStatDeltasInTransactions(deltas: ReadonlyMap<string, number>): Promise<void> {
  const moves = [...deltas].filter(([, delta]) => delta !== 0);
  await inParallel(chunksOf(moves, STATS_PER_TRANSACTION), STAT_TRANSACTIONS_IN_FLIGHT, async (chunk) => {
    await transact(() => chunk.map(([partition, delta]) => ({ Update: statUpdate(partition, delta) })));
  }).catch(() => undefined);
}

/**
 * Marks reindexEvents writes in one TransactWriteItems (DynamoDB takes 100 items): one request for a page of
 * conditional writes instead of a request each, which is what a migration step's time went on.
 */
const MARKS_PER_TRANSACTION = 100;
/** Transactions of marks in flight at once. */
const MARK_TRANSACTIONS_IN_FLIGHT = 2;
/** Attempts at a transaction of marks that other writes get in the way of (a failed step is run again later). */
const MARK_ATTEMPTS = 6;
/** Items of one transaction that puts right what reindexEvents wrote of an event that changed meanwhile, beside its check of the event. */
const REPAIR_CHUNK = 99;
/** Attempts at that transaction while the event keeps changing under it (a failed step is run again later). */
const REPAIR_ATTEMPTS = 8;

/** What reindexEvents does for one event: the event as read, the layout it was written under, and the index items it writes. */
interface Reindex {
  readonly event: RaceEvent;
  /** Its `indexVersion` as read: undefined for an item written before items recorded it. */
  readonly from: number | undefined;
  readonly kinds: ReadonlySet<IndexKind>;
  readonly items: readonly Record<string, unknown>[];
}

const itemKey = (item: Readonly<Record<string, unknown>>) => `${item.PK as string}|${item.SK as string}`;

/**
 * Brings stored events written under an older search index layout (their `indexVersion`) to this code's
 * (SEARCH_INDEX_VERSION), writing only what the layouts since changed (search-index.ts SEARCH_INDEX_CHANGES): the
 * index items of those kinds, then the event's mark, an UpdateItem (or the whole item when the item's own search
 * attributes changed, or when it has no mark and so gets everything). What a search index migration does with a
 * page of events. An event at this layout already is skipped, so a step run again after a kill writes nothing
 * twice (one killed between an event's postings and its mark still has its old mark, and gets them again), and
 * so is one for which the layouts since change nothing it has: it keeps its older mark.
 * An event whose postings are pending, or that changed since `stored` was read, is left to its writer, which
 * indexes it with this code too: the mark is written only if the event is as read and still at its old version.
 * When that fails because the event changed, what was written here from its old state is put right from its
 * state now (each posting put again or deleted, in a transaction that checks the event is still at that state),
 * so an edit racing the migration leaves no stale posting. Counters do not move: the events are the same events.
 * Returns how many events it wrote.
 */
export async function reindexEvents(stored: readonly Record<string, unknown>[]): Promise<number> {
  const plans: Reindex[] = [];
  for (const item of stored) {
    if (typeof item.indexPending === 'string') continue;
    const from = indexVersionOf(item);
    if (from !== undefined && from >= SEARCH_INDEX_VERSION) continue;
    const stored = fromEventItem(item);
    // Its price postings are keyed by the stored fee of the day (search-index.ts priceKey): one written before a tier's
    // deadline passed gets today's fee, and then its whole item, so the price order and the item agree.
    const event = withTodaysFee(stored);
    const changed = indexKindsChangedSince(from);
    const kinds = event.registrationFee === stored.registrationFee ? changed : new Set<IndexKind>([...changed, 'event']);
    const items = postingsOfKinds(event, kinds);
    // The layouts since its own change nothing this event has (no rating, say, when only the rated partition is
    // new): it is as this code lays it out already, and its mark stays (a mark costs a write of the event item and
    // of its copies in the indexes; the next layout's migration works out the same from the older mark).
    if (from !== undefined && !kinds.has('event') && items.length === 0) continue;
    plans.push({ event, from, kinds, items });
  }
  // The postings first, the marks after: an event's mark says its postings are written.
  await putInBatches(plans.flatMap((plan) => plan.items));
  const lost = new Set<Reindex>();
  await inParallel(chunksOf(plans, MARKS_PER_TRANSACTION), MARK_TRANSACTIONS_IN_FLIGHT, (group) => markReindexed(group, lost));
  for (const plan of lost) await repairLostReindex(plan);
  return plans.length - lost.size;
}

/**
 * The marks of a group of events (with the item, when its own attributes changed), each written only if its
 * event is as read and still at the version read. An event whose condition fails joins `lost` and the others
 * are sent again without it; a transaction in the way is waited out.
 */
async function markReindexed(group: readonly Reindex[], lost: Set<Reindex>): Promise<void> {
  await transact(
    () =>
      group
        .filter((plan) => !lost.has(plan))
        .map((plan): TransactItem => ({ ...markItem(plan), ifConditionFails: () => (lost.add(plan), 'retry') })),
    { attempts: MARK_ATTEMPTS },
  );
}

/** The write of one event's mark, conditional on the event being as read. */
function markItem({ event, from, kinds }: Reindex): TransactItem {
  const condition = {
    ConditionExpression: `attribute_exists(PK) AND #updatedAt = :seen AND attribute_not_exists(indexPending) AND ${from === undefined ? 'attribute_not_exists(#version)' : '#version = :from'}`,
    ExpressionAttributeNames: { '#updatedAt': 'updatedAt', '#version': 'indexVersion' },
  };
  const seen = { ':seen': event.updatedAt, ...(from === undefined ? {} : { ':from': from }) };
  if (from === undefined || kinds.has('event')) return { Put: { Item: toEventItem(event), ...condition, ExpressionAttributeValues: seen } };
  return { Update: { Key: eventKey(event.id), UpdateExpression: 'SET #version = :to', ...condition, ExpressionAttributeValues: { ...seen, ':to': SEARCH_INDEX_VERSION } } };
}

/**
 * The mark of an event was refused: if the event changed (or went) since it was read, its writer may have
 * written its postings before those written here from its old state, so each of those is put again as the
 * event is now or deleted if the event now has no such posting, checked against the event in the same
 * transaction. Unchanged (another runner marked it), what was written is what the event says: nothing to do.
 */
async function repairLostReindex(plan: Reindex): Promise<void> {
  for (const written of chunksOf(plan.items, REPAIR_CHUNK)) {
    await transact(
      async () => {
        const { Item } = await table.get({ Key: eventKey(plan.event.id), ConsistentRead: true });
        if (Item && Item.updatedAt === plan.event.updatedAt) return [];
        const now = new Map((Item ? postingsOf(fromEventItem(Item)) : []).map((posting) => [itemKey(posting), posting]));
        const check: TransactItem = Item
          ? { ConditionCheck: { Key: eventKey(plan.event.id), ConditionExpression: '#updatedAt = :now', ExpressionAttributeNames: { '#updatedAt': 'updatedAt' }, ExpressionAttributeValues: { ':now': Item.updatedAt } } }
          : { ConditionCheck: { Key: eventKey(plan.event.id), ConditionExpression: 'attribute_not_exists(PK)' } };
        return [
          { ...check, ifConditionFails: 'retry' },
          ...written.map((item): TransactItem => {
            const current = now.get(itemKey(item));
            return current ? { Put: { Item: current } } : { Delete: { Key: { PK: item.PK, SK: item.SK } } };
          }),
        ];
      },
      { attempts: REPAIR_ATTEMPTS },
    );
  }
}

/**
 * One page of every event's stored item, verified or not, oldest first (GSI3, GSI3PK = EVENTS, which every event
 * has carried since the first version): what a data migration walks. The items as stored, for reindexEvents.
 */
export async function storedEventPage(cursor: string | undefined, pageSize: number): Promise<{ items: Record<string, unknown>[]; nextCursor?: string }> {
  const options = { index: 'GSI3', partition: ALL_EVENTS_PARTITION, cursorPattern: CREATED_EVENT_POSITION, newestFirst: false, pageSize, exactLimit: true } as const;
  return queryIndexPage({ ...options, keyOf: (match) => eventKey(match[1]!) }, cursor);
}

/**
 * Every event, verified or not, newest first, one DynamoDB page at a time (GSI3, GSI3PK = EVENTS): what a
 * CSV export reads. Only the next page is held in memory, whatever the size of the catalogue.
 */
export async function* allEventPages(): AsyncGenerator<RaceEvent[]> {
  for await (const items of queryPages({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :all',
    ExpressionAttributeValues: { ':all': ALL_EVENTS_PARTITION },
    ScanIndexForward: false,
  })) {
    yield items.map(fromEventItem);
  }
}

/**
 * Events created in (since, until], verified or not, oldest first (GSI3 by createdAt): the day's new races the
 * saved-search digest is matched against (lambdas/notifications/daily-alerts.ts).
 */
export async function eventsCreatedBetween(since: string, until: string): Promise<RaceEvent[]> {
  const events: RaceEvent[] = [];
  for await (const items of queryPages({
    IndexName: 'GSI3',
    // '#' sorts before every id character, '~' after: the bounds take exactly the instants in the window.
    KeyConditionExpression: 'GSI3PK = :all AND GSI3SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':all': ALL_EVENTS_PARTITION, ':from': `${since}#~`, ':to': `${until}#~` },
  })) {
    events.push(...items.map(fromEventItem));
  }
  return events;
}

/**
 * Puts imported races into the catalogue, idempotently by source id, only through the event store
 * (#data/event createEvent / updateEvent), so search postings and counters stay consistent.
 *
 * Per race (docs/imports.md "Imports: which fields win"):
 * - seen before (a source lookup exists, ./source-lookup.ts) and its imported fields hash the same: nothing
 *   is written, not even the lookup;
 * - seen before and changed: the event is updated in place, except the fields an admin edited
 *   (event.adminEditedFields), and verified/featured, which only an admin changes after creation; a race that
 *   turns cancelled gets the status 'cancelled' (unless an admin set its status), stays listed so its page and
 *   cards say so and the people who saved it are told, and is flagged 'cancelled' for an admin's look; one the
 *   source marks postponed or virtual gets that status, and one whose upcoming date the source moves is
 *   rescheduled (sourceStatusChange);
 * - new, but its normalized title/date/place (normalizedMatchKey) names an event already listed (by another
 *   source, or another listing of the same source): no second event. The race is linked to that event (its
 *   lookup points there) and never edits it; when the two disagree on what matters to a runner (type,
 *   distances, fee, registration link, zip) the event is flagged 'possible-duplicate' for an admin;
 * - new: created, verified when the job auto-verifies (a cancelled one is created unlisted and flagged);
 * - repeated in the batch, or already written by this job on an earlier page: skipped 'duplicate-in-run';
 *   written by this job on this same page (the page task retried after a timeout, its first attempt's writes
 *   done): nothing is written and it counts as what the first attempt counted, so the job's counts stay true.
 * A race's event, counters, lookup and match item are written in one transaction, never split: new races
 * are created several to a transaction (all or none) with their postings written right after it
 * (createEventsTogether, which finishes whatever a crash leaves with the job's last task), everything else
 * one race per transaction with its postings; a race that still fails after a few attempts becomes an error
 * entry and the others go on.
 */
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { todayInNewYork } from '#shared/dates';
import { statusOf, type EventStatus } from '#shared/event-status';
import type { RaceEvent } from '#shared/schemas/event';
import type { ImportSource, SKIP_REASONS } from '#shared/schemas/import-job';
import { applySearchStatDeltas, createEvent, createEventsTogether, EventNotFoundError, finishPendingIndexes, GROUPED_CREATE_OVERHEAD, groupedCreateItemCount, TRANSACTION_ITEM_LIMIT, EventWriteConflictError, getEvent, getEventsById, updateEvent, type EventChanges, type ExtraTransactItems } from '#data/event';
import { recordSeenSourceIds, seenSourceIds, type ImportError } from '#data/import-job';
import { queryPages } from '#lib/kit/table';
import { retryingConflicts, transactOnce } from '#lib/kit/transact';
import { statePartition } from '#data/search-index';
import { logger } from '#lib/logger';
import { cancellationReasons, isWriteConflict } from '#lib/transactions';
import type { ImportedEvent } from './imported-event.ts';
import { normalizedMatchKey } from './normalize/match-key.ts';
import {
  getLookup,
  getLookups,
  getMatchedEventIds,
  lookupPut,
  lookupsInRange,
  matchPut,
  type SourceLookup,
  type WrittenOutcome,
} from './source-lookup.ts';

type SkipReason = (typeof SKIP_REASONS)[number];

export interface UpsertOptions {
  readonly autoVerify: boolean;
  readonly jobId: string;
  /** A full sync's page: its source ids are remembered (one item) for flagEventsMissingFromSource. */
  readonly fullSync?: boolean;
  /** The job's page these races came from, kept on their lookups: a retried page counts what it wrote before. */
  readonly page?: number;
  readonly now?: Date;
}

export interface UpsertResult {
  created: number;
  updated: number;
  unchanged: number;
  flagged: number;
  skipped: Partial<Record<SkipReason, number>>;
  errors: ImportError[];
}

/** Fields an import owns: the source's word wins for them unless an admin edited one. */
export const IMPORTED_FIELDS = [
  'title', 'description', 'eventDate', 'startTime', 'timeZone', 'registrationEndDate', 'eventType', 'terrainType',
  'locationName', 'city', 'state', 'country', 'zipCode', 'latitude', 'longitude', 'distances', 'registrationFee',
  'priceTiers', 'maxParticipants', 'registrationUrl', 'websiteUrl', 'imageUrl', 'tags',
] as const satisfies readonly (keyof ImportedEvent & keyof RaceEvent)[];

/** Fields whose disagreement makes a cross-source match worth an admin's look (a runner would notice). */
const MATCH_CHECKED_FIELDS = ['eventType', 'distances', 'registrationFee', 'registrationUrl', 'zipCode'] as const;

/** Races in flight at once: enough to hide round trips, few enough not to pile up on the counter item. */
const RACES_IN_FLIGHT = 4;
/** Grouped creates in flight at once: each is one transaction of up to 100 items. */
const GROUPS_IN_FLIGHT = 2;
/** Attempts of one race that lost a race with another writer (a concurrent page, an admin's edit). */
const RACE_ATTEMPTS = 5;
/** Concurrent state-and-date queries looking for events listed outside imports. */
const MATCH_QUERIES_IN_FLIGHT = 8;

/** JSON with sorted keys and no undefined values: the same race always digests the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${stableJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Digest of everything the source said about a race (its imported fields and the cancelled mark). */
export function importHash(race: ImportedEvent): string {
  const picked: Record<string, unknown> = Object.fromEntries(IMPORTED_FIELDS.map((field) => [field, race[field]]));
  picked.cancelled = race.cancelled === true;
  // Absent (scheduled) leaves the digest of every race the source gives no status as it was.
  picked.status = race.status;
  return createHash('sha256').update(stableJson(picked)).digest('base64url').slice(0, 32);
}

const sameValue = (a: unknown, b: unknown) => stableJson(a ?? null) === stableJson(b ?? null);
const sortedList = (value: unknown) => (Array.isArray(value) ? [...(value as string[])].sort() : value);

/** Whether a listed event and an incoming race of the same match key disagree where both say something. */
export function disagrees(event: RaceEvent, race: ImportedEvent): boolean {
  return MATCH_CHECKED_FIELDS.some((field) => {
    const [mine, theirs] = [event[field], race[field]];
    if (mine === undefined || theirs === undefined) return false;
    if (Array.isArray(mine) && Array.isArray(theirs) && (mine.length === 0 || theirs.length === 0)) return false;
    return !sameValue(sortedList(mine), sortedList(theirs));
  });
}

/** What one race's import knows before it writes: its lookup, the lookup's event, and a same-race event. */
export interface RaceState {
  readonly lookup?: SourceLookup;
  /** The event the lookup names, when it still exists. */
  readonly event?: RaceEvent;
  /** For a race without a live event: the event its match key names, and the match item's event id. */
  readonly match?: RaceEvent;
  readonly matchItemEventId?: string;
}

export type Outcome = WrittenOutcome | 'duplicate-in-run';

/** One race's decision: what to write (nothing, a create, or an update with the lookup beside it). */
export type Plan =
  | { readonly kind: 'none'; readonly outcome: Outcome }
  | { readonly kind: 'create'; readonly outcome: Outcome; readonly event: RaceEvent; readonly extraItems: ExtraTransactItems }
  | {
      readonly kind: 'update';
      readonly outcome: Outcome;
      readonly eventId: string;
      readonly changes: EventChanges;
      readonly expectedUpdatedAt: string;
      readonly extraItems: ExtraTransactItems;
    }
  | { readonly kind: 'lookup-only'; readonly outcome: Outcome; readonly extraItems: ExtraTransactItems };

function eventFields(race: ImportedEvent): Partial<RaceEvent> {
  const fields: Record<string, unknown> = {};
  for (const field of IMPORTED_FIELDS) if (race[field] !== undefined) fields[field] = race[field];
  return fields as Partial<RaceEvent>;
}

/** The imported fields that differ from the event, leaving alone the ones an admin edited. */
export function importedChanges(event: RaceEvent, race: ImportedEvent): EventChanges {
  const edited = new Set(event.adminEditedFields ?? []);
  const changes: Record<string, unknown> = {};
  for (const field of IMPORTED_FIELDS) {
    if (edited.has(field)) continue;
    if (!sameValue(event[field], race[field])) changes[field] = race[field];
  }
  return changes as EventChanges;
}

/**
 * The status the source's word gives a listed race, or undefined when it stays: postponed or virtual when the
 * source says so, rescheduled when the source moves a date that had not come yet (a date that had passed moving is
 * the race's next edition, not a change of plan). Never a status an admin set by hand, never a cancelled race's
 * (cancellation has its own rule), and never back to scheduled: the organizer or an admin says that.
 */
export function sourceStatusChange(event: RaceEvent, race: ImportedEvent, today: string): EventStatus | undefined {
  if (event.adminEditedFields?.includes('status')) return undefined;
  const current = statusOf(event);
  if (current === 'cancelled') return undefined;
  if (race.status === 'postponed' || race.status === 'virtual') return race.status === current ? undefined : race.status;
  const moved = race.eventDate !== event.eventDate && event.eventDate >= today && !event.adminEditedFields?.includes('eventDate');
  return moved && (current === 'scheduled' || current === 'postponed') ? 'rescheduled' : undefined;
}

/**
 * A race an import writes was checked against its source that day (RaceEvent.lastCheckedAt). An unchanged race
 * is not written for it (imports write nothing for those), so its date is that of the last change the source made.
 */
const checkedBySource = (now: Date) => ({ lastCheckedAt: todayInNewYork(now), lastCheckedBy: 'import' as const });

/**
 * Decides one race's import from what was read (pure, so each rule is unit-tested): see the module comment.
 * `matchKey` is the race's normalizedMatchKey.
 */
export function planUpsert(
  race: ImportedEvent,
  state: RaceState,
  context: { readonly jobId: string; readonly page?: number; readonly autoVerify: boolean; readonly now: Date; readonly matchKey: string; readonly newId?: () => string },
): Plan {
  const { lookup, event, match } = state;
  const hash = importHash(race);
  const cancelled = race.cancelled === true;
  if (lookup?.jobId === context.jobId) {
    const samePage = context.page !== undefined && lookup.jobPage === context.page && lookup.jobOutcome !== undefined;
    return { kind: 'none', outcome: samePage ? lookup.jobOutcome! : 'duplicate-in-run' };
  }
  const nextLookup = (eventId: string, linked: boolean, outcome: WrittenOutcome): SourceLookup => ({
    source: race.source,
    sourceId: race.sourceId,
    eventId,
    hash,
    jobId: context.jobId,
    ...(context.page !== undefined ? { jobPage: context.page, jobOutcome: outcome } : {}),
    eventDate: race.eventDate,
    state: race.state,
    cancelled,
    linked,
  });

  if (lookup && event) {
    const reappeared = event.reviewFlag === 'removed-from-source' && !lookup.linked;
    if (lookup.hash === hash && !reappeared) return { kind: 'none', outcome: 'unchanged' };
    const put = (outcome: WrittenOutcome) => lookupPut(nextLookup(event.id, lookup.linked, outcome), lookup);
    if (lookup.linked) {
      // Another listing's event: this source never edits it, but a change is worth a look when they disagree.
      if (!event.reviewFlag && disagrees(event, race)) {
        return { kind: 'update', outcome: 'flagged', eventId: event.id, changes: { reviewFlag: 'possible-duplicate' }, expectedUpdatedAt: event.updatedAt, extraItems: [put('flagged')] };
      }
      return { kind: 'lookup-only', outcome: 'unchanged', extraItems: [put('unchanged')] };
    }
    const changes: Record<string, unknown> = { ...importedChanges(event, race) };
    const turnsCancelled = cancelled && !lookup.cancelled;
    if (turnsCancelled) Object.assign(changes, { reviewFlag: 'cancelled', ...(event.adminEditedFields?.includes('status') ? {} : { status: 'cancelled' }) });
    else if (reappeared) changes.reviewFlag = undefined;
    const status = turnsCancelled ? undefined : sourceStatusChange(event, race, todayInNewYork(context.now));
    if (status) changes.status = status;
    if (Object.keys(changes).length === 0) return { kind: 'lookup-only', outcome: 'unchanged', extraItems: [put('unchanged')] };
    const outcome = turnsCancelled ? 'flagged' : 'updated';
    Object.assign(changes, checkedBySource(context.now));
    return { kind: 'update', outcome, eventId: event.id, changes: changes as EventChanges, expectedUpdatedAt: event.updatedAt, extraItems: [put(outcome)] };
  }

  // New to this source (or its event was deleted since: the source still lists it, so it comes back).
  const expectLookup = lookup ? { hash: lookup.hash, eventId: lookup.eventId } : undefined;
  if (match) {
    const put = (outcome: WrittenOutcome) => lookupPut(nextLookup(match.id, true, outcome), expectLookup);
    if (!match.reviewFlag && disagrees(match, race)) {
      return { kind: 'update', outcome: 'flagged', eventId: match.id, changes: { reviewFlag: 'possible-duplicate' }, expectedUpdatedAt: match.updatedAt, extraItems: [put('flagged')] };
    }
    return { kind: 'lookup-only', outcome: 'unchanged', extraItems: [put('unchanged')] };
  }
  const at = context.now.toISOString();
  const created: RaceEvent = {
    ...(eventFields(race) as Omit<RaceEvent, 'id' | 'source' | 'featured' | 'verified' | 'createdAt' | 'updatedAt'>),
    id: context.newId?.() ?? ulid(context.now.getTime()),
    source: race.source,
    sourceId: race.sourceId,
    // A cancelled race is never newly listed: kept out of search, flagged for an admin.
    verified: context.autoVerify && !cancelled,
    featured: false,
    ...(cancelled ? { reviewFlag: 'cancelled' as const, status: 'cancelled' as const } : race.status ? { status: race.status } : {}),
    ...checkedBySource(context.now),
    createdAt: at,
    updatedAt: at,
  };
  const outcome = cancelled ? 'flagged' : 'created';
  return {
    kind: 'create',
    outcome,
    event: created,
    extraItems: [lookupPut(nextLookup(created.id, false, outcome), expectLookup), matchPut(context.matchKey, created.id, state.matchItemEventId)],
  };
}

async function applyPlan(plan: Plan, now: Date, statsInto: Map<string, number>): Promise<void> {
  switch (plan.kind) {
    case 'none':
      return;
    case 'create':
      await createEvent(plan.event, { extraItems: plan.extraItems, statsInto });
      return;
    case 'update':
      await updateEvent(plan.eventId, plan.changes, now, { extraItems: plan.extraItems, expectedUpdatedAt: plan.expectedUpdatedAt, statsInto });
      return;
    case 'lookup-only':
      await transactOnce(plan.extraItems);
      return;
  }
}

type ListedCard = Pick<RaceEvent, 'id' | 'title' | 'eventDate' | 'city' | 'state'>;

/** Verified events listed in a state dated from..to (GSI2), with only the fields a match key needs. */
async function listedBetween(state: string, from: string, to: string): Promise<ListedCard[]> {
  const cards: ListedCard[] = [];
  const pages = queryPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': statePartition(state), ':from': `${from}#`, ':to': `${to}#~` },
    ProjectionExpression: 'id, title, eventDate, city, #state',
    ExpressionAttributeNames: { '#state': 'state' },
  });
  for await (const items of pages) cards.push(...(items as ListedCard[]));
  return cards;
}

/** The verified event listed outside imports (seed, organizers) whose match key is this race's, if any. */
async function listedMatch(race: ImportedEvent, matchKey: string): Promise<RaceEvent | undefined> {
  const hit = (await listedBetween(race.state, race.eventDate, race.eventDate)).find((card) => normalizedMatchKey(card) === matchKey);
  return hit ? getEvent(hit.id) : undefined;
}

/** Days one match query may span: a source's pages come roughly in date order, so a week holds many races. */
const MATCH_SPAN_DAYS = 7;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The state-and-date-range queries that cover these races' days: per state, runs of dates a week long. */
export function matchQuerySpans(races: readonly Pick<ImportedEvent, 'state' | 'eventDate'>[]): { state: string; from: string; to: string }[] {
  const datesByState = new Map<string, Set<string>>();
  for (const race of races) datesByState.set(race.state, (datesByState.get(race.state) ?? new Set()).add(race.eventDate));
  const spans: { state: string; from: string; to: string }[] = [];
  for (const [state, dates] of datesByState) {
    for (const date of [...dates].sort()) {
      const last = spans.at(-1);
      if (last?.state === state && dayNumber(date) - dayNumber(last.from) < MATCH_SPAN_DAYS) last.to = date;
      else spans.push({ state, from: date, to: date });
    }
  }
  return spans;
}

type CreatePlan = Extract<Plan, { kind: 'create' }>;

/**
 * Splits a wave into groups of creates, each within one transaction's item limit, and the races that go one
 * at a time (updates, links, unchanged ones, and any race whose plan could not be made).
 */
export function groupCreates(races: readonly ImportedEvent[], plan: (race: ImportedEvent) => Plan): { groups: { race: ImportedEvent; plan: CreatePlan }[][]; single: ImportedEvent[] } {
  const groups: { race: ImportedEvent; plan: CreatePlan }[][] = [];
  const single: ImportedEvent[] = [];
  let group: { race: ImportedEvent; plan: CreatePlan }[] = [];
  let items = GROUPED_CREATE_OVERHEAD;
  for (const race of races) {
    let decided: Plan | undefined;
    try {
      decided = plan(race);
    } catch {
      decided = undefined;
    }
    if (decided?.kind !== 'create') {
      single.push(race);
      continue;
    }
    const size = groupedCreateItemCount(decided.extraItems.length);
    if (group.length > 0 && items + size > TRANSACTION_ITEM_LIMIT) {
      groups.push(group);
      [group, items] = [[], GROUPED_CREATE_OVERHEAD];
    }
    if (items + size > TRANSACTION_ITEM_LIMIT) {
      single.push(race);
      continue;
    }
    group.push({ race, plan: decided });
    items += size;
  }
  if (group.length > 0) groups.push(group);
  return { groups, single };
}

/** Runs `work` over `items`, at most `inFlight` at once (every item runs; work handles its own failures). */
async function eachInParallel<T>(items: readonly T[], inFlight: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, worker));
}

/** Reads the states of many races at once: lookups, their events and match candidates, batched. */
async function readStates(races: readonly ImportedEvent[], matchKeys: ReadonlyMap<ImportedEvent, string>): Promise<Map<ImportedEvent, RaceState>> {
  const states = new Map<ImportedEvent, RaceState>();
  const bySource = new Map<string, ImportedEvent[]>();
  for (const race of races) bySource.set(race.source, [...(bySource.get(race.source) ?? []), race]);
  const lookups = new Map<ImportedEvent, SourceLookup>();
  for (const [source, group] of bySource) {
    const found = await getLookups(source, group.map((race) => race.sourceId));
    for (const race of group) {
      const lookup = found.get(race.sourceId);
      if (lookup) lookups.set(race, lookup);
    }
  }
  const events = await getEventsById([...lookups.values()].map((lookup) => lookup.eventId));
  const unmatched = races.filter((race) => !events.has(lookups.get(race)?.eventId ?? ''));
  const matchIds = await getMatchedEventIds(unmatched.map((race) => matchKeys.get(race)!));
  const matchEvents = await getEventsById([...matchIds.values()]);
  // Events listed outside imports: one query per state and week among the races still unmatched.
  const needQuery = unmatched.filter((race) => !matchEvents.has(matchIds.get(matchKeys.get(race)!) ?? ''));
  const cardsByKey = new Map<string, string>();
  await eachInParallel(matchQuerySpans(needQuery), MATCH_QUERIES_IN_FLIGHT, async ({ state, from, to }) => {
    for (const card of await listedBetween(state, from, to)) {
      const key = normalizedMatchKey(card);
      if (!cardsByKey.has(key)) cardsByKey.set(key, card.id);
    }
  });
  const listedEvents = await getEventsById(needQuery.map((race) => cardsByKey.get(matchKeys.get(race)!) ?? '').filter(Boolean));
  const listed = new Map<ImportedEvent, RaceEvent>();
  for (const race of needQuery) {
    const found = listedEvents.get(cardsByKey.get(matchKeys.get(race)!) ?? '');
    if (found) listed.set(race, found);
  }
  for (const race of races) {
    const lookup = lookups.get(race);
    const event = lookup ? events.get(lookup.eventId) : undefined;
    const matchItemEventId = matchIds.get(matchKeys.get(race)!);
    const match = event ? undefined : (matchEvents.get(matchItemEventId ?? '') ?? listed.get(race));
    states.set(race, { lookup, event, match, matchItemEventId });
  }
  return states;
}

/** One race's state read afresh, after its write lost to another writer. */
async function readState(race: ImportedEvent, matchKey: string): Promise<RaceState> {
  const lookup = await getLookup(race.source, race.sourceId);
  const event = lookup ? await getEvent(lookup.eventId) : undefined;
  if (event) return { lookup, event };
  const matchItemEventId = (await getMatchedEventIds([matchKey])).get(matchKey);
  const match = (matchItemEventId ? await getEvent(matchItemEventId) : undefined) ?? (await listedMatch(race, matchKey));
  return { lookup, match, matchItemEventId };
}

/**
 * A lost race with another writer, worth reading again: a failed condition, a concurrent transaction, or
 * the event deleted between the read and the write.
 */
const isRetryable = (error: unknown) =>
  error instanceof EventWriteConflictError || error instanceof EventNotFoundError || isWriteConflict(error) || cancellationReasons(error) !== undefined;

function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TransactionCanceledException') return 'Could not save this race: it kept changing while being imported';
  if (error instanceof Error && error.name === 'ValidationException') return `Could not save this race: ${error.message}`;
  return 'Could not save this race';
}

/**
 * Upserts one page of imported races (see the module comment for the rules). Never throws for a race: a
 * race that cannot be written is an error entry. Full syncs also remember the page's source ids (one item).
 */
export async function upsertImportedEvents(events: readonly ImportedEvent[], options: UpsertOptions): Promise<UpsertResult> {
  const now = options.now ?? new Date();
  const result: UpsertResult = { created: 0, updated: 0, unchanged: 0, flagged: 0, skipped: {}, errors: [] };
  const skip = (reason: SkipReason) => (result.skipped[reason] = (result.skipped[reason] ?? 0) + 1);

  const unique: ImportedEvent[] = [];
  const seenIds = new Set<string>();
  for (const race of events) {
    const id = `${race.source}#${race.sourceId}`;
    if (seenIds.has(id)) skip('duplicate-in-run');
    else {
      seenIds.add(id);
      unique.push(race);
    }
  }
  if (unique.length === 0) return result;

  const matchKeys = new Map(unique.map((race) => [race, normalizedMatchKey(race)] as const));
  // Two new races of one match key in the same page: the second waits and links to the first's event.
  const firstOfKey = new Set<string>();
  const [firstWave, secondWave] = [[] as ImportedEvent[], [] as ImportedEvent[]];
  for (const race of unique) {
    const key = matchKeys.get(race)!;
    if (firstOfKey.has(key)) secondWave.push(race);
    else {
      firstOfKey.add(key);
      firstWave.push(race);
    }
  }

  const record = (outcome: Outcome) => {
    if (outcome === 'duplicate-in-run') skip('duplicate-in-run');
    else result[outcome] += 1;
  };
  const context = { jobId: options.jobId, ...(options.page !== undefined ? { page: options.page } : {}), autoVerify: options.autoVerify, now };
  // The search planner's partition counts move once for the page, not once per event.
  const statDeltas = new Map<string, number>();
  const upsertOne = async (race: ImportedEvent, initial: RaceState) => {
    const matchKey = matchKeys.get(race)!;
    let state: RaceState | undefined = initial;
    try {
      await retryingConflicts(
        async () => {
          // A retry plans again from the race's state read afresh (after the backoff).
          const plan = planUpsert(race, state ?? (await readState(race, matchKey)), { ...context, matchKey });
          state = undefined;
          await applyPlan(plan, now, statDeltas);
          record(plan.outcome);
        },
        { attempts: RACE_ATTEMPTS, retryOn: isRetryable },
      );
    } catch (error) {
      logger.warn('imported race not saved', { sourceId: race.sourceId, error: error instanceof Error ? error.name : String(error) });
      result.errors.push({ sourceId: race.sourceId, message: describeFailure(error) });
    }
  };

  for (const wave of [firstWave, secondWave]) {
    if (wave.length === 0) continue;
    const states = await readStates(wave, matchKeys);
    // New races are created several to a transaction (one per race costs DynamoDB Local most of an import's
    // time); the rest, and any group that fails, go one race at a time with upsertOne's retries.
    const { groups, single } = groupCreates(wave, (race) => planUpsert(race, states.get(race)!, { ...context, matchKey: matchKeys.get(race)! }));
    await eachInParallel(groups, GROUPS_IN_FLIGHT, async (group) => {
      try {
        await createEventsTogether(group.map(({ plan }) => plan), { statsInto: statDeltas, owner: options.jobId });
        for (const { plan } of group) record(plan.outcome);
      } catch (error) {
        logger.info('grouped create fell back to one race at a time', { races: group.length, error: error instanceof Error ? error.name : String(error) });
        await eachInParallel(group, RACES_IN_FLIGHT, ({ race }) => upsertOne(race, states.get(race)!));
      }
    });
    await eachInParallel(single, RACES_IN_FLIGHT, (race) => upsertOne(race, states.get(race)!));
  }
  await applySearchStatDeltas(statDeltas);

  if (options.fullSync) await recordSeenSourceIds(options.jobId, unique.map((race) => race.sourceId), now);
  return result;
}

export interface MissingFromSourceInput {
  readonly source: ImportSource;
  readonly jobId: string;
  readonly state?: string;
  readonly from: string;
  readonly to: string;
  readonly now?: Date;
}

/**
 * After a full sync: flags 'removed-from-source' this source's own events dated from..to (in `state` when
 * given) whose races the run did not see. They stay as they are otherwise (listed or not) until an admin
 * decides; events already flagged keep their flag, linked races (another listing's event) are left alone.
 * A run that saw nothing flags nothing: an empty source answer is more likely a fault than a wiped calendar.
 * Returns how many events were flagged.
 */
export async function flagEventsMissingFromSource(input: MissingFromSourceInput): Promise<number> {
  const now = input.now ?? new Date();
  const seen = await seenSourceIds(input.jobId);
  if (seen.size === 0) return 0;
  const lookups = (await lookupsInRange(input.source, input)).filter((lookup) => !lookup.linked && !seen.has(lookup.sourceId));
  const events = await getEventsById(lookups.map((lookup) => lookup.eventId));
  let flagged = 0;
  await eachInParallel(lookups, RACES_IN_FLIGHT, async (lookup) => {
    const first = events.get(lookup.eventId);
    if (!first) return;
    let event: RaceEvent | undefined = first;
    try {
      await retryingConflicts(
        async () => {
          // A retry reads the event again (after the backoff); one deleted or flagged meanwhile is left alone.
          event ??= await getEvent(first.id);
          if (!event || event.reviewFlag) return;
          const seen = event;
          event = undefined;
          await updateEvent(seen.id, { reviewFlag: 'removed-from-source' }, now, { expectedUpdatedAt: seen.updatedAt });
          flagged += 1;
        },
        { attempts: RACE_ATTEMPTS, retryOn: (error) => error instanceof EventWriteConflictError },
      );
    } catch (error) {
      logger.warn('missing race not flagged', { eventId: first.id, error: error instanceof Error ? error.name : String(error) });
    }
  });
  return flagged;
}

/**
 * Finishes the postings of events this job created whose page stopped after creating them (a crash, a
 * timeout), and of any earlier job's whose writer is gone (#data/event finishPendingIndexes). Called once
 * the job's own writers are done: its last task, or the end of a JSON import. Never throws: what it cannot
 * finish now stays queued for the next import or an edit. Returns how many events it finished.
 */
export async function finishIndexesOfJob(jobId: string | undefined): Promise<number> {
  try {
    const finished = await finishPendingIndexes(jobId);
    if (finished > 0) logger.warn('finished the postings of events an import page left unfinished', { jobId, finished });
    return finished;
  } catch (error) {
    logger.error('could not finish the postings an import left unfinished', { jobId, error: error instanceof Error ? error.name : String(error) });
    return 0;
  }
}

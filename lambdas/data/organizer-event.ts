/** No defineEntity here: event writes go through event.ts's entity; its own change records have no zod schema of what is stored. */
/**
 * Events organizers run: creating one (saved unverified, queued for review), the owner's edits with a change
 * record each, the owner's list, and the admin's review (approve: verified, public and searchable; send back
 * with notes: the owner edits and it is pending again). Every event write goes through ./event.ts.
 *
 * Each edit writes an event change record (./event-change.ts, which names its keys). A change record is written in the same transaction as the edit it records (updateEvent's extraItems), so the
 * history never shows an edit that did not happen or misses one that did. Owner edits of a public event keep it
 * public (no second review): the record and the admins' recent-edits list make every change visible, and an
 * admin can unverify an event at any time. A sent-back event the owner edits goes back to the queue.
 *
 * Access patterns (docs/data-model.md): an organizer's events (GSI4, EVENTS#OWNER#<sub>, by date); events in review (GSI5,
 * EVENTS#REVIEW#<status>, oldest first); an event's changes (table, PK = EVENT#<id>, SK begins_with CHANGE#,
 * newest first); all recent changes (GSI1, GSI1PK = EVENT_CHANGES, newest first).
 */
import { ulid } from 'ulid';
import { todayInNewYork } from '#shared/dates';
import { ISO_INSTANT_SOURCE, ULID_SOURCE } from '#shared/ids';
import { roleSatisfies } from '#shared/roles';
import type { RaceEvent } from '#shared/schemas/event';
import {
  ORGANIZER_TAGS,
  OWNER_EDITABLE_FIELDS,
  TIME_ZONE_MESSAGE,
  isStateTimeZone,
  type EventChange,
  type EventChangesPage,
  type EventReviewPage,
  type NewOrganizerEvent,
  type OrganizerEventPatch,
  type OwnEvent,
  type OwnEventsPage,
} from '#shared/schemas/organizer-event';
import { deleteEventImageFiles } from '#lib/media-bucket';
import type { Caller } from '#lib/caller';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { queryIndexPage } from '#lib/kit/index-page';
import { queryPages, table } from '#lib/kit/table';
import { retryingConflicts } from '#lib/kit/transact';
import { DELETED_ACCOUNT_ID } from '#shared/schemas/account-deletion';
import { BadRequestError, ConflictError } from '#lib/errors';
import { isConditionFailure } from '#lib/transactions';
import { activityPut } from './activity.ts';
import { actorOf, CHANGES_PARTITION, eventChangeItem } from './event-change.ts';
import {
  CREATED_EVENT_POSITION,
  EventWriteConflictError,
  createEvent,
  deleteEvent,
  eventKey,
  fromEventItem,
  getEvent,
  ownerEventsPartition,
  refuseRescheduleWithoutDate,
  withTierRules,
  reviewQueuePartition,
  updateEvent,
  type EventChanges,
} from './event.ts';
import { getSuggestion, suggestionDecisionItems, suggestionInfos } from './event-suggestion.ts';
import { eventNotFound } from './event-visibility.ts';
import { futureDateError } from './event-date-rule.ts';
import { suggestionDecidedNotice } from './decision-notices.ts';
import { notifyAfterWrite } from './notification-queue.ts';

const PAGE_SIZE = 25;

/** Creates an organizer's event: unverified, owned by them, pending review. */
export async function createOrganizerEvent(caller: Caller, body: NewOrganizerEvent, now: Date = new Date()): Promise<RaceEvent> {
  const dateError = futureDateError(body.eventDate, now);
  if (dateError) throw dateError;
  const at = now.toISOString();
  const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as NewOrganizerEvent;
  const event: RaceEvent = {
    ...defined,
    id: ulid(now.getTime()),
    country: 'US',
    tags: defined.tags ?? [],
    featured: false,
    verified: false,
    source: 'organizer',
    organizerId: caller.sub,
    ...(caller.profile.organizationId ? { organizationId: caller.profile.organizationId } : {}),
    reviewStatus: 'pending',
    lastCheckedAt: todayInNewYork(now),
    lastCheckedBy: 'organizer',
    createdAt: at,
    updatedAt: at,
  };
  return createEvent(event);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The tags after an owner's edit: the organizer's own tags (ORGANIZER_TAGS) as they sent them, every other
 * tag (an import's, an admin's) as it was.
 */
function ownerTags(before: readonly string[], sent: readonly string[]): string[] {
  const theirs = new Set<string>(ORGANIZER_TAGS);
  return [...before.filter((tag) => !theirs.has(tag.trim().toLowerCase())), ...sent];
}

/** A change record's fields: each changed field before and after (null when empty). */
const fieldsOf = (before: RaceEvent, changes: EventChanges) =>
  Object.keys(changes).map((name) => ({ name, before: before[name as keyof RaceEvent] ?? null, after: changes[name as keyof EventChanges] ?? null }));

/** The changes a patch makes to `before` (null clears), only fields that really change. */
function changesOf(before: RaceEvent, patch: OrganizerEventPatch): EventChanges {
  const changes: Record<string, unknown> = {};
  for (const name of OWNER_EDITABLE_FIELDS) {
    if (!(name in patch) || patch[name] === undefined) continue;
    const sent = patch[name] === null ? undefined : patch[name];
    const value = name === 'tags' ? ownerTags(before.tags, patch.tags ?? []) : sent;
    if (!same(before[name], value)) changes[name] = value;
  }
  return withTierRules(before, changes as EventChanges);
}

/**
 * The owner's (or an admin's) edit of an event: only the fields that change are written, with a change
 * record, in one transaction, on the event as read (a concurrent edit is a 409: reload and try again).
 * Another organizer's event is a 404, as if it did not exist.
 */
export async function editOrganizerEvent(caller: Caller, id: string, patch: OrganizerEventPatch, now: Date = new Date()): Promise<RaceEvent> {
  const before = await getEvent(id);
  const isOwner = before?.organizerId === caller.sub;
  if (!before || (!isOwner && !roleSatisfies(caller.profile.role, 'admin'))) throw eventNotFound(id);
  const changes = changesOf(before, patch);
  const edited = Object.keys(changes).length > 0;
  // The owner's save is their word that the details stand (an admin's is not): the page shows them checked today.
  const confirmed = isOwner && (edited || patch.confirmed === true);
  if (!edited && !confirmed) return before;
  if (changes.eventDate) {
    const dateError = futureDateError(changes.eventDate, now);
    if (dateError) throw dateError;
  }
  // A zone the edit does not send is the event store's to keep or reset with the state (withRaceClock).
  if (changes.timeZone && !isStateTimeZone(changes.timeZone, changes.state ?? before.state)) {
    throw new BadRequestError('Some fields are not valid', { 'body.timeZone': [TIME_ZONE_MESSAGE] });
  }
  const eventDate = changes.eventDate ?? before.eventDate;
  const registrationEndDate = 'registrationEndDate' in changes ? changes.registrationEndDate : before.registrationEndDate;
  if (registrationEndDate && registrationEndDate > eventDate) {
    throw new BadRequestError('Some fields are not valid', { 'body.registrationEndDate': ['Registration must close on or before the event date'] });
  }
  refuseRescheduleWithoutDate(before, changes);
  // An event sent back for changes goes back to the queue when its owner edits it.
  const resubmitted = edited && isOwner && before.reviewStatus === 'changes_requested' ? { reviewStatus: 'pending' as const } : {};
  const checked = confirmed ? { lastCheckedAt: todayInNewYork(now), lastCheckedBy: 'organizer' as const } : {};
  return updateEvent(id, { ...changes, ...resubmitted, ...checked }, now, {
    expectedUpdatedAt: before.updatedAt,
    extraItems: edited ? [eventChangeItem(before, fieldsOf(before, changes), actorOf(caller), now, changes.title ?? before.title)] : [],
  });
}

const ownEventOf = (event: RaceEvent): OwnEvent => ({
  id: event.id,
  title: event.title,
  eventDate: event.eventDate,
  city: event.city,
  state: event.state,
  eventType: event.eventType,
  verified: event.verified,
  ...(event.reviewStatus ? { reviewStatus: event.reviewStatus } : {}),
  ...(event.reviewNotes ? { reviewNotes: event.reviewNotes } : {}),
});

const DATED = new RegExp(`^\\d{4}-\\d{2}-\\d{2}#(${ULID_SOURCE})$`);
const CHANGED = new RegExp(`^(${ISO_INSTANT_SOURCE})#(${ULID_SOURCE})$`);

/** The caller's events (claimed or created), by date. */
export async function listOwnerEvents(sub: string, cursor?: string): Promise<OwnEventsPage> {
  const page = await queryIndexPage(
    { index: 'GSI4', partition: ownerEventsPartition(sub), cursorPattern: DATED, keyOf: (match) => eventKey(match[1]!), newestFirst: false, pageSize: PAGE_SIZE },
    cursor,
  );
  return { ...page, items: page.items.map((item) => ownEventOf(fromEventItem(item))) };
}

/** Organizer-created events waiting for review (or sent back), oldest first. */
export async function listReviewQueue(status: 'pending' | 'changes_requested', cursor?: string): Promise<EventReviewPage> {
  const page = await queryIndexPage(
    { index: 'GSI5', partition: reviewQueuePartition(status), cursorPattern: CREATED_EVENT_POSITION, keyOf: (match) => eventKey(match[1]!), newestFirst: false, pageSize: PAGE_SIZE },
    cursor,
  );
  const events = page.items.map(fromEventItem);
  // Suggested races carry who sent them and their notes in an item of their own (event-suggestion.ts).
  const suggestions = await suggestionInfos(events.filter((event) => event.source === 'suggestion').map((event) => event.id));
  return {
    ...page,
    items: events.map((event) => {
      const suggestion = suggestions.get(event.id);
      return {
        ...ownEventOf(event),
        locationName: event.locationName,
        distances: event.distances,
        createdAt: event.createdAt,
        source: event.source,
        ...(event.description ? { description: event.description } : {}),
        ...(event.registrationUrl ? { registrationUrl: event.registrationUrl } : {}),
        ...(event.websiteUrl ? { websiteUrl: event.websiteUrl } : {}),
        ...(event.organizerId ? { organizerId: event.organizerId } : {}),
        ...(suggestion ? { suggestion } : {}),
      };
    }),
  };
}

export interface EventReviewDecision {
  readonly decision: 'approve' | 'send_back' | 'reject';
  readonly notes?: string;
  readonly reviewerId: string;
}

export const SUGGESTION_HAS_NO_OWNER = 'A suggested race has no organizer to send it back to: edit it if needed and approve it, or reject it.';
export const ONLY_SUGGESTIONS_REJECTED = "Only suggested races are rejected; send an organizer's event back with notes instead.";

/**
 * Approves an event in review (verified: public and searchable), sends an organizer's event back to its owner
 * with notes, or rejects a suggested race (event-suggestion.ts: the event is deleted, its submitter sees the
 * notes). A suggestion's decision is recorded on it in the same transaction.
 */
export async function decideEventReview(id: string, decision: EventReviewDecision, now: Date = new Date()): Promise<RaceEvent> {
  const before = await getEvent(id);
  if (!before || !before.reviewStatus) throw eventNotFound(id);
  if (before.reviewStatus === 'approved') throw new ConflictError('This event was already approved.');
  const suggested = before.source === 'suggestion';
  if (decision.decision === 'send_back' && suggested) throw new ConflictError(SUGGESTION_HAS_NO_OWNER);
  if (decision.decision === 'reject' && !suggested) throw new ConflictError(ONLY_SUGGESTIONS_REJECTED);
  if (decision.decision === 'send_back' && before.reviewStatus === 'changes_requested') {
    throw new ConflictError('This event is already with its organizer for changes.');
  }
  if (suggested) return decideSuggestion(before, decision, now);
  const approving = decision.decision === 'approve';
  const activity = activityPut(
    {
      kind: approving ? 'event-approved' : 'event-sent-back',
      actorId: decision.reviewerId,
      subjectId: before.organizerId ?? before.id,
      summary: approving ? `Approved the new event ${before.title}` : `Sent ${before.title} back to its organizer for changes`,
    },
    now,
  );
  return updateEvent(
    id,
    approving
      ? { verified: true, reviewStatus: 'approved', reviewNotes: decision.notes }
      : { reviewStatus: 'changes_requested', reviewNotes: decision.notes },
    now,
    { expectedUpdatedAt: before.updatedAt, extraItems: [activity] },
  );
}

/** Approves (public, no owner) or rejects (deleted) a suggested race, with its suggestion's record, in one transaction. */
async function decideSuggestion(before: RaceEvent, decision: EventReviewDecision, now: Date): Promise<RaceEvent> {
  const suggestion = await getSuggestion(before.id);
  if (!suggestion) throw eventNotFound(before.id);
  if (suggestion.status !== 'pending') throw new ConflictError(`This suggestion was already ${suggestion.status}.`);
  const approving = decision.decision === 'approve';
  const extraItems = [
    activityPut(
      {
        kind: approving ? 'event-approved' : 'event-rejected',
        actorId: decision.reviewerId,
        subjectId: suggestion.submittedBy,
        summary: approving ? `Approved the suggested race ${before.title}` : `Rejected the suggested race ${before.title}`,
      },
      now,
    ),
    ...suggestionDecisionItems(suggestion, approving ? 'approved' : 'rejected', decision.notes, now),
  ];
  let decided: RaceEvent;
  try {
    decided = approving
      ? await updateEvent(before.id, { verified: true, reviewStatus: 'approved', reviewNotes: decision.notes }, now, { expectedUpdatedAt: before.updatedAt, extraItems })
      : await deleteEvent(before.id, { expectedUpdatedAt: before.updatedAt, extraItems });
  } catch (error) {
    // Another admin decided it between our read and our write.
    if (isConditionFailure(error) || error instanceof EventWriteConflictError) throw new ConflictError('This suggestion was decided meanwhile; reload the queue.');
    throw error;
  }
  // A rejected suggestion is deleted: an admin may have added pictures to it, which go with it.
  if (!approving) await deleteEventImageFiles(decided);
  await notifyAfterWrite([suggestionDecidedNotice(suggestion.submittedBy, decided, approving, decision.notes, now)]);
  return decided;
}

function changeOf(item: Record<string, unknown>): EventChange {
  return {
    id: String(item.id),
    eventId: String(item.eventId),
    eventTitle: String(item.eventTitle),
    actorId: String(item.actorId),
    ...(typeof item.actorEmail === 'string' ? { actorEmail: item.actorEmail } : {}),
    actorRole: item.actorRole === 'owner' ? 'owner' : 'admin',
    at: String(item.at),
    fields: (item.fields as EventChange['fields'] | undefined) ?? [],
  };
}

const GLOBAL_CHANGE_CURSOR = new RegExp(`^(${ISO_INSTANT_SOURCE})#(${ULID_SOURCE})#(${ULID_SOURCE})$`);

/**
 * Recorded changes, newest first: of one event (its partition), or of every event (GSI1). A cursor is the
 * last change's time and id, and for the whole list its event too (the table key a GSI page resumes from).
 */
export async function listEventChanges(eventId: string | undefined, cursor?: string): Promise<EventChangesPage> {
  let startKey: Record<string, unknown> | undefined;
  if (cursor) {
    const text = decodeCursorText(cursor);
    const match = (eventId ? CHANGED : GLOBAL_CHANGE_CURSOR).exec(text);
    if (!match) throw invalidCursor();
    const [, at, changeId, ofEvent] = match;
    const tableKey = { ...eventKey(eventId ?? ofEvent!), SK: `CHANGE#${at}#${changeId}` };
    startKey = eventId ? tableKey : { ...tableKey, GSI1PK: CHANGES_PARTITION, GSI1SK: `${at}#${changeId}` };
  }
  const { Items = [] } = await table.query(eventId
        ? {
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :change)',
            ExpressionAttributeValues: { ':pk': eventKey(eventId).PK, ':change': 'CHANGE#' },
            ScanIndexForward: false,
            Limit: PAGE_SIZE + 1,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }
        : {
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': CHANGES_PARTITION },
            ScanIndexForward: false,
            Limit: PAGE_SIZE + 1,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          },);
  const items = Items.slice(0, PAGE_SIZE).map(changeOf);
  const last = items.at(-1);
  const position = last ? `${last.at}#${last.id}${eventId ? '' : `#${last.eventId}`}` : '';
  return { items, ...(Items.length > PAGE_SIZE && last ? { nextCursor: encodeCursorText(position) } : {}) };
}

/**
 * A deleted account's events (lambdas/users/account-deletion-steps.ts): each loses its owner and, when it waits on
 * the owner's changes, goes back to the admins' review queue (pending); a public event stays public, unclaimed,
 * for another organizer to claim. The change records the owner made stop naming them. Idempotent.
 */
export async function releaseOwnedEvents(sub: string, now: Date = new Date()): Promise<void> {
  for await (const items of queryPages({ IndexName: 'GSI4', KeyConditionExpression: 'GSI4PK = :owner', ExpressionAttributeValues: { ':owner': ownerEventsPartition(sub) } })) {
    for (const item of items) {
      const id = String(item.id);
      await forgetChangeActor(id, sub);
      await retryingConflicts(
        () =>
          updateEvent(
            id,
            (before): EventChanges =>
              before.organizerId === sub ? { organizerId: undefined, ...(before.reviewStatus === 'changes_requested' ? { reviewStatus: 'pending' as const } : {}) } : {},
            now,
          ),
        { attempts: 4, retryOn: (error) => error instanceof EventWriteConflictError },
      );
    }
  }
}

/** The change records of an event that a deleted account made: kept (the history stays whole), naming no one. */
async function forgetChangeActor(eventId: string, sub: string): Promise<void> {
  for await (const changes of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :changes)',
    FilterExpression: 'actorId = :sub',
    ExpressionAttributeValues: { ':pk': eventKey(eventId).PK, ':changes': 'CHANGE#', ':sub': sub },
    ProjectionExpression: 'PK, SK',
  })) {
    for (const change of changes) {
      await table.update({
        Key: { PK: String(change.PK), SK: String(change.SK) },
        UpdateExpression: 'SET actorId = :nobody REMOVE actorEmail',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':nobody': DELETED_ACCOUNT_ID },
      });
    }
  }
}

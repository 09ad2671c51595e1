/**
 * Suggested races (/submit-event): a signed-in user tells RaceFinder about a race it is missing. The race
 * becomes an unverified event with no owner, `source: 'suggestion'`, in the same review queue as organizers'
 * new events (organizer-event.ts, GSI5 EVENTS#REVIEW#pending), and this module keeps who sent it, their notes
 * and its outcome apart from the event, where no public read reaches them.
 *
 * | item               | PK              | SK                | GSI1 (a user's suggestions, newest first)       |
 * | suggestion         | EVENT#<eventId> | SUGGESTION        | USER#<sub>#SUGGESTIONS / <createdAt>#<eventId>  |
 * | pending count      | USER#<sub>      | SUGGESTION_COUNTS | (attribute `pending`)                           |
 *
 * The event, the suggestion and the count are written in one transaction (createEvent's extraItems), and the
 * count's condition keeps a user to MAX_PENDING_SUGGESTIONS waiting at a time. The admin's decision moves the
 * suggestion and the count in the decision's own transaction (suggestionDecisionItems): approval verifies the
 * event (public, no owner, claimable); rejection deletes it, and the suggestion keeps the title, date and
 * place, so its submitter still sees what they sent and why it is not listed.
 *
 * Access patterns (docs/data-model.md): a user's suggestions, newest first (GSI1, GSI1PK = USER#<sub>#SUGGESTIONS,
 * descending); the suggestions of the events of a review page (BatchGet, PK = EVENT#<id>, SK = SUGGESTION).
 */
import { ulid } from 'ulid';
import { ULID_SOURCE } from '#shared/ids';
import type { RaceEvent } from '#shared/schemas/event';
import type { EventType, TerrainType } from '#shared/event-vocabulary';
import { MAX_PENDING_SUGGESTIONS, SubmittedEventSchema, type NewSubmittedEvent, type SubmittedEvent, type SubmittedEventsPage, type SuggestionStatus } from '#shared/schemas/submitted-event';
import type { Caller } from '#lib/caller';
import { batchGetItems } from '#lib/kit/batch-get';
import { defineEntity } from '#lib/kit/entity';
import { queryPages, table } from '#lib/kit/table';
import { DELETED_ACCOUNT_ID } from '#shared/schemas/account-deletion';
import { ConflictError } from '#lib/errors';
import { createEvent } from './event.ts';
import { futureDateError } from './event-date-rule.ts';

export const suggestionKey = (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'SUGGESTION' });
export const suggestionCountsKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'SUGGESTION_COUNTS' });
const submitterPartition = (sub: string) => `USER#${sub}#SUGGESTIONS`;
const PAGE_SIZE = 20;

export const TOO_MANY_PENDING = `You have ${MAX_PENDING_SUGGESTIONS} suggestions waiting for review. Please wait until we have looked at them before sending more.`;

/** The terrain a suggestion is listed with until an admin edits it: trail races on trails, the rest on roads. */
const terrainOf = (type: EventType): TerrainType => (type === 'trail_race' ? 'trail' : 'road');

interface SuggestionItem extends SubmittedEvent {
  readonly submittedBy: string;
  readonly submitterEmail?: string;
  readonly notes?: string;
}

/** A suggestion: read as the submitter's list shows it (SubmittedEventSchema), stored with its submitter, in their list (GSI1). */
const suggestions = defineEntity<SubmittedEvent, [string], SuggestionItem>({
  name: 'event-suggestion',
  key: suggestionKey,
  schema: SubmittedEventSchema,
  indexKeys: (suggestion) => ({ GSI1PK: submitterPartition(suggestion.submittedBy), GSI1SK: `${suggestion.createdAt}#${suggestion.id}` }),
});
const toItem = (suggestion: SuggestionItem) => suggestions.item(suggestionKey(suggestion.id), suggestion);
const submittedEventOf = suggestions.read;

/**
 * Saves a suggested race: an unverified event without an owner, waiting in the review queue, with its
 * suggestion and the submitter's pending count in the same transaction. A date that is not in the future is
 * a 400; an 11th suggestion waiting at once a 409.
 */
export async function submitEvent(caller: Caller, body: NewSubmittedEvent, now: Date = new Date()): Promise<SubmittedEvent> {
  const dateError = futureDateError(body.eventDate, now);
  if (dateError) throw dateError;
  const at = now.toISOString();
  const event: RaceEvent = {
    id: ulid(now.getTime()),
    title: body.title,
    eventDate: body.eventDate,
    eventType: body.eventType,
    terrainType: terrainOf(body.eventType),
    // The form asks for the city only; an admin may name the venue before approving.
    locationName: body.city,
    city: body.city,
    state: body.state,
    country: 'US',
    distances: body.distances,
    ...(body.websiteUrl ? { websiteUrl: body.websiteUrl } : {}),
    ...(body.registrationUrl ? { registrationUrl: body.registrationUrl } : {}),
    tags: [],
    featured: false,
    verified: false,
    source: 'suggestion',
    reviewStatus: 'pending',
    createdAt: at,
    updatedAt: at,
  };
  const suggestion: SuggestionItem = {
    id: event.id,
    title: event.title,
    eventDate: event.eventDate,
    city: event.city,
    state: event.state,
    eventType: event.eventType,
    status: 'pending',
    createdAt: at,
    submittedBy: caller.sub,
    ...(caller.email ? { submitterEmail: caller.email } : {}),
    ...(body.notes ? { notes: body.notes } : {}),
  };
  await createEvent(event, {
    extraItems: [
      { Put: { Item: toItem(suggestion), ConditionExpression: 'attribute_not_exists(PK)' } },
      {
        Update: {
          Key: suggestionCountsKey(caller.sub),
          UpdateExpression: 'ADD pending :one SET entity = :entity',
          ConditionExpression: 'attribute_not_exists(pending) OR pending < :cap',
          ExpressionAttributeValues: { ':one': 1, ':cap': MAX_PENDING_SUGGESTIONS, ':entity': 'suggestion-counts' },
        },
        ifConditionFails: () => new ConflictError(TOO_MANY_PENDING),
      },
    ],
  });
  return submittedEventOf({ ...suggestion });
}

const CREATED = new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z#(${ULID_SOURCE})$`);

/** The caller's suggestions, newest first, with their status. */
export async function listSubmittedEvents(sub: string, cursor?: string): Promise<SubmittedEventsPage> {
  return suggestions.queryPage(
    { index: 'GSI1', partition: submitterPartition(sub), cursorPattern: CREATED, keyOf: (match) => suggestionKey(match[1]!), newestFirst: true, pageSize: PAGE_SIZE },
    cursor,
  );
}

/** The stored suggestion of an event, if it is one. */
export async function getSuggestion(eventId: string): Promise<SuggestionItem | undefined> {
  const [item] = await batchGetItems([suggestionKey(eventId)], { consistent: true });
  return item ? (item as unknown as SuggestionItem) : undefined;
}

/** Who sent each of these events in and their notes, for the admins' review queue (one BatchGet). */
export async function suggestionInfos(eventIds: readonly string[]): Promise<Map<string, { submittedBy: string; submitterEmail?: string; notes?: string }>> {
  if (eventIds.length === 0) return new Map();
  const items = await batchGetItems(eventIds.map(suggestionKey));
  return new Map(
    items.map((item) => [
      String(item.id),
      {
        submittedBy: String(item.submittedBy),
        ...(typeof item.submitterEmail === 'string' ? { submitterEmail: item.submitterEmail } : {}),
        ...(typeof item.notes === 'string' ? { notes: item.notes } : {}),
      },
    ]),
  );
}

/**
 * The writes that record an admin's decision on a suggestion, for the decision's transaction: its status,
 * time and notes (condition: still pending, so two admins cannot both decide), and one fewer pending for its
 * submitter.
 */
export function suggestionDecisionItems(suggestion: Pick<SuggestionItem, 'id' | 'submittedBy'>, status: Exclude<SuggestionStatus, 'pending'>, notes: string | undefined, now: Date) {
  return [
    {
      Update: {
        Key: suggestionKey(suggestion.id),
        UpdateExpression: `SET #status = :status, decidedAt = :at${notes ? ', adminNotes = :notes' : ''}`,
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':at': now.toISOString(), ':pending': 'pending', ...(notes ? { ':notes': notes } : {}) },
      },
    },
    // A submitter whose account is gone has no counts left to move.
    ...(suggestion.submittedBy === DELETED_ACCOUNT_ID
      ? []
      : [{ Update: { Key: suggestionCountsKey(suggestion.submittedBy), UpdateExpression: 'ADD pending :less', ExpressionAttributeValues: { ':less': -1 } } }]),
  ];
}

/**
 * A deleted account's suggested races (lambdas/users/account-deletion-steps.ts): they stay with the admins (the race
 * is real), naming no one: no submitter, no e-mail, out of the person's list. Idempotent.
 */
export async function forgetSubmitter(sub: string): Promise<void> {
  for await (const items of queryPages({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :submitter', ExpressionAttributeValues: { ':submitter': submitterPartition(sub) }, ProjectionExpression: 'PK, SK' })) {
    for (const item of items) {
      await table.update({
        Key: { PK: String(item.PK), SK: String(item.SK) },
        UpdateExpression: 'SET submittedBy = :nobody REMOVE submitterEmail, GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':nobody': DELETED_ACCOUNT_ID },
      });
    }
  }
}

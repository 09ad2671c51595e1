/**
 * Saved events: which events a user keeps, newest first, and how many people saved each event.
 *
 * | item               | PK           | SK                               | GSI5 (by event)                        |
 * | saved event        | USER#<sub>   | SAVED#<eventId>                  | EVENT#<eventId>#SAVED / <savedAt>#<sub> |
 * | saved-event line   | USER#<sub>   | SAVED_AT#<savedAt>#<eventId>     |                                        |
 * | save counter       | EVENT#<id>   | SAVES                            |                                        |
 *
 * Two items per save because one sort key cannot serve both questions: SAVED#<eventId> answers "did this
 * user save this event?" with one GetItem (idempotent PUT and DELETE need it, and it keeps the original
 * savedAt), and SAVED_AT#<savedAt>#<eventId> makes "this user's saves, newest first" one Query on the table
 * (descending) rather than on an index, so a save is listed the moment it is made (indexes are eventually
 * consistent). Both, and the event's save counter, change in one transaction, so they never disagree. The
 * counter is its own item, not an attribute of the event item, which the event store rewrites.
 *
 * Access patterns (docs/data-model.md): a user's saves, newest first (table, PK = USER#<sub>, begins_with(SK, SAVED_AT#),
 * descending; also their event ids alone, savedEventIds); has the user saved an event (table, SK =
 * SAVED#<eventId>); who saved an event (GSI5, GSI5PK = EVENT#<id>#SAVED); an event's save count (table,
 * PK = EVENT#<id>, SK = SAVES); a user's saves for their calendar feed (savedEventIds, at most CALENDAR_MAX_SAVES,
 * then BatchGets of the events).
 */
import { EVENT_PAGE_SIZE } from '#shared/event-vocabulary';
import { ULID_SOURCE } from '#shared/ids';
import type { RaceEvent } from '#shared/schemas/event';
import { SavedEventSchema, type SavedEvent, type SavedEventsPage } from '#shared/schemas/saved-event';
import type { EventSummary } from '#shared/schemas/search';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { defineEntity } from '#lib/kit/entity';
import { getItem, table } from '#lib/kit/table';
import { transact, transactOnce, type Cancellation, type TransactItem } from '#lib/kit/transact';
import { logger } from '#lib/logger';
import { eventKey, getEventsById } from './event.ts';
import { dailyCounterUpdate } from './event-daily-stats.ts';
import { canSeeEvent, eventNotFound } from './event-visibility.ts';
import { summaryOf } from './search-index.ts';

export type { SavedEvent };

const userPk = (sub: string) => `USER#${sub}`;
const TIMELINE_PREFIX = 'SAVED_AT#';

export const savedEventKey = (sub: string, eventId: string) => ({ PK: userPk(sub), SK: `SAVED#${eventId}` });

/** The save item (the timeline line reads through the same schema). */
const savedEvents = defineEntity<SavedEvent, [string, string]>({ name: 'saved-event', key: savedEventKey, schema: SavedEventSchema });

/** The save of a stored item (either of the two): its schema's fields only. */
export const fromSavedEventItem: (item: Readonly<Record<string, unknown>>) => SavedEvent = savedEvents.read;
export const savedTimelineKey = (sub: string, savedAt: string, eventId: string) => ({
  PK: userPk(sub),
  SK: `${TIMELINE_PREFIX}${savedAt}#${eventId}`,
});
export const eventSavesKey = (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'SAVES' });

/** The two items of one save, as written (tests build them the same way). */
export function toSavedEventItems(sub: string, saved: SavedEvent) {
  return {
    saved: {
      ...savedEventKey(sub, saved.eventId),
      entity: 'saved-event',
      userId: sub,
      eventId: saved.eventId,
      savedAt: saved.savedAt,
      GSI5PK: `EVENT#${saved.eventId}#SAVED`,
      GSI5SK: `${saved.savedAt}#${sub}`,
    },
    timeline: {
      ...savedTimelineKey(sub, saved.savedAt, saved.eventId),
      entity: 'saved-event-line',
      eventId: saved.eventId,
      savedAt: saved.savedAt,
    },
  };
}

/** Attempts of one transaction that lost a race with another on the same items (a popular event's counter). */
const TRANSACTION_ATTEMPTS = 6;

export async function getSavedEvent(sub: string, eventId: string): Promise<SavedEvent | undefined> {
  return savedEvents.get(savedEventKey(sub, eventId), { consistent: true });
}

/** How many users have this event saved. */
export async function getSaveCount(eventId: string): Promise<number> {
  const Item = await getItem(eventSavesKey(eventId), { consistent: true });
  return typeof Item?.count === 'number' ? Item.count : 0;
}

/**
 * Saves an event for a user. Idempotent: saving again changes nothing and returns the first save. The caller
 * has checked that the user may see the event; the transaction still checks that it exists, so an event
 * deleted meanwhile is not saved.
 */
export async function saveEvent(sub: string, eventId: string, now: () => Date = () => new Date()): Promise<SavedEvent> {
  return transact(
    async () => {
      const existing = await getSavedEvent(sub, eventId);
      if (existing) return { items: [], result: existing };
      const saved: SavedEvent = { eventId, savedAt: now().toISOString() };
      const items = toSavedEventItems(sub, saved);
      return {
        items: [
          // Saved by a concurrent request of the same user: the next round reads and returns it.
          { Put: { Item: items.saved, ConditionExpression: 'attribute_not_exists(PK)' }, ifConditionFails: 'retry' },
          { Put: { Item: items.timeline, ConditionExpression: 'attribute_not_exists(PK)' }, ifConditionFails: 'retry' },
          {
            Update: {
              Key: eventSavesKey(eventId),
              UpdateExpression: 'ADD #count :one SET entity = :entity',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1, ':entity': 'event-saves' },
            },
          },
          { ConditionCheck: { Key: eventKey(eventId), ConditionExpression: 'attribute_exists(PK)' }, ifConditionFails: () => eventNotFound(eventId) },
          // The organizer's analytics: saves per day, counted with the save itself.
          { Update: dailyCounterUpdate(eventId, 'save', now()) },
        ],
        result: saved,
      };
    },
    { attempts: TRANSACTION_ATTEMPTS },
  );
}

/** Removes a saved event. Idempotent: removing one that is not saved is not an error. The counter never goes below 0. */
export async function unsaveEvent(sub: string, eventId: string): Promise<void> {
  let countIt = true;
  await transact(
    async () => {
      const existing = await getSavedEvent(sub, eventId);
      if (!existing) return [];
      return [
        {
          Delete: {
            Key: savedEventKey(sub, eventId),
            // Only the save just read: a concurrent unsave and re-save makes this round start over.
            ConditionExpression: 'savedAt = :savedAt',
            ExpressionAttributeValues: { ':savedAt': existing.savedAt },
          },
          ifConditionFails: 'retry',
        },
        { Delete: { Key: savedTimelineKey(sub, existing.savedAt, eventId) } },
        ...(countIt
          ? [
              {
                Update: {
                  Key: eventSavesKey(eventId),
                  UpdateExpression: 'ADD #count :minusOne',
                  ConditionExpression: '#count >= :one',
                  ExpressionAttributeNames: { '#count': 'count' },
                  ExpressionAttributeValues: { ':minusOne': -1, ':one': 1 },
                },
                ifConditionFails: (cancellation: Cancellation) => {
                  // With the save itself changed meanwhile, start over as it is; otherwise the counter is
                  // already 0 (or gone with its event): remove the save and leave the counter alone.
                  if (cancellation.failedAt(0)) return 'retry';
                  logger.warn('save counter already at zero', { eventId });
                  countIt = false;
                  return 'retry';
                },
              } satisfies TransactItem,
            ]
          : []),
      ];
    },
    { attempts: TRANSACTION_ATTEMPTS },
  );
}

/**
 * The ids of a user's saved events, newest save first, at most `max` of them, and whether there are more: for
 * work that needs the saves as a set rather than a page (the race-day forecasts pick the soonest races among
 * them). Reads only the small timeline items, and only their event ids.
 */
export async function savedEventIds(sub: string, max: number): Promise<{ ids: string[]; more: boolean }> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await table.query({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': TIMELINE_PREFIX },
      ProjectionExpression: 'eventId',
      ScanIndexForward: false,
      Limit: max - ids.length + 1,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    });
    for (const item of Items) if (typeof item.eventId === 'string') ids.push(item.eventId);
    startKey = LastEvaluatedKey;
  } while (startKey && ids.length <= max);
  return { ids: ids.slice(0, max), more: ids.length > max };
}

const CURSOR_SK = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)#(${ULID_SOURCE})$`);

/**
 * The cursor names only the last entry of the page (its savedAt and event id); the partition always comes
 * from the caller, so a cursor can never open another user's saves.
 */
export function encodeSavedCursor(savedAt: string, eventId: string): string {
  return encodeCursorText(`${savedAt}#${eventId}`);
}

export function decodeSavedCursor(cursor: string): SavedEvent {
  const match = CURSOR_SK.exec(decodeCursorText(cursor));
  if (!match) throw invalidCursor();
  return { savedAt: match[1]!, eventId: match[2]! };
}

/**
 * Removes the saves of events that no longer exist. Only after a strongly consistent read confirms the event
 * is gone: the list's BatchGet reads eventually consistently and must not cost anyone a save.
 */
async function forgetDeletedEvents(sub: string, lines: readonly SavedEvent[]): Promise<void> {
  await Promise.allSettled(
    lines.map(async (line) => {
      if (await getItem(eventKey(line.eventId), { consistent: true })) return;
      await transactOnce([
        {
          Delete: {
            Key: savedEventKey(sub, line.eventId),
            ConditionExpression: 'attribute_not_exists(PK) OR savedAt = :savedAt',
            ExpressionAttributeValues: { ':savedAt': line.savedAt },
          },
        },
        { Delete: { Key: savedTimelineKey(sub, line.savedAt, line.eventId) } },
      ]);
    }),
  );
}

/** Rounds of reading to fill one page when many saved events were deleted or hidden since; then a short page. */
const MAX_ROUNDS = 4;

export interface ListSavedOptions {
  readonly cursor?: string;
  /** Whether the user may still see a saved event (an event unverified since is left out, not removed). */
  readonly canSee: (event: RaceEvent) => boolean;
  readonly pageSize?: number;
}

/** A user's saved events, newest first, with their card fields; events deleted since are dropped (and forgotten). */
export async function listSavedEvents(sub: string, options: ListSavedOptions): Promise<SavedEventsPage> {
  const pageSize = options.pageSize ?? EVENT_PAGE_SIZE;
  const items: SavedEventsPage['items'] = [];
  const start = options.cursor ? decodeSavedCursor(options.cursor) : undefined;
  let startKey: Record<string, unknown> | undefined = start && savedTimelineKey(sub, start.savedAt, start.eventId);
  let last: SavedEvent | undefined = start;
  let more = true;
  const deleted: SavedEvent[] = [];

  for (let round = 0; round < MAX_ROUNDS && more && items.length < pageSize; round += 1) {
    const need = pageSize - items.length;
    // One more than needed tells whether anything follows, so the last page has no cursor to an empty one.
    const { Items = [], LastEvaluatedKey } = await table.query({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': TIMELINE_PREFIX },
      ScanIndexForward: false,
      Limit: need + 1,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    });
    const lines = Items.slice(0, need).map(fromSavedEventItem);
    more = Items.length > need || LastEvaluatedKey !== undefined;
    const events = await getEventsById(lines.map((line) => line.eventId));
    for (const line of lines) {
      const event = events.get(line.eventId);
      if (!event) deleted.push(line);
      else if (options.canSee(event)) items.push({ savedAt: line.savedAt, event: summaryOf(event) });
    }
    const lastLine = lines.at(-1);
    if (lastLine) {
      last = lastLine;
      startKey = savedTimelineKey(sub, lastLine.savedAt, lastLine.eventId);
    } else {
      startKey = LastEvaluatedKey;
    }
  }
  if (deleted.length > 0) await forgetDeletedEvents(sub, deleted);
  return { items, ...(more && last ? { nextCursor: encodeSavedCursor(last.savedAt, last.eventId) } : {}) };
}

/** The most saves a calendar feed reads, newest first: far more than anyone keeps, and it bounds the feed's reads. */
export const CALENDAR_MAX_SAVES = 500;

/**
 * A user's saved events dated `since` or later, in date order, for their calendar feed. Only events anyone may
 * see: the feed answers whoever holds its address, so an event unverified since is left out. Read only (the
 * feed's route may not write): saves of events deleted since are skipped here and forgotten by the list.
 */
export async function savedEventsForCalendar(sub: string, since: string): Promise<EventSummary[]> {
  const { ids } = await savedEventIds(sub, CALENDAR_MAX_SAVES);
  const events = await getEventsById(ids);
  return [...events.values()]
    .filter((event) => canSeeEvent(event, undefined) && event.eventDate >= since)
    .map(summaryOf)
    .sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.id.localeCompare(b.id));
}

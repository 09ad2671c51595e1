/**
 * The one module that writes events. Every create, import and seed goes through here so that the event
 * item, its index keys and the event counters stay consistent (the search postings join them with the
 * search issue).
 *
 * | item            | PK           | SK      | GSI1 (verified by date)      | GSI2 (verified by state+date) | GSI3 (all by createdAt) |
 * | event           | EVENT#<id>   | EVENT   | EVENTS#VERIFIED / <date>#<id> | STATE#<st> / <date>#<id>      | EVENTS / <createdAt>#<id> |
 * | event counters  | COUNTER      | EVENTS  |                              |                               |                         |
 */
import { BatchWriteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RaceEvent } from '#shared/schemas/event';
import { db, tableName } from '#lib/dynamo';

export const eventKey = (id: string) => ({ PK: `EVENT#${id}`, SK: 'EVENT' });
export const EVENT_COUNTERS_KEY = { PK: 'COUNTER', SK: 'EVENTS' } as const;

const BATCH_SIZE = 25;
/** Concurrent BatchWrite requests in a bulk create: enough to hide round trips, few enough not to throttle. */
const BATCHES_IN_FLIGHT = 4;

export function toEventItem(event: RaceEvent) {
  const dated = `${event.eventDate}#${event.id}`;
  return {
    ...eventKey(event.id),
    entity: 'event',
    ...event,
    // Sparse: only verified events are listed publicly, so only they carry the public index keys.
    ...(event.verified
      ? { GSI1PK: 'EVENTS#VERIFIED', GSI1SK: dated, GSI2PK: `STATE#${event.state}`, GSI2SK: dated }
      : {}),
    GSI3PK: 'EVENTS',
    GSI3SK: `${event.createdAt}#${event.id}`,
  };
}

export function fromEventItem(item: Record<string, unknown>): RaceEvent {
  const { PK: _pk, SK: _sk, entity: _entity, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, GSI3PK: _e, GSI3SK: _f, ...event } =
    item;
  return event as unknown as RaceEvent;
}

export async function getEvent(id: string): Promise<RaceEvent | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: eventKey(id) }));
  return Item ? fromEventItem(Item) : undefined;
}

function counterUpdate(total: number, verified: number) {
  return {
    TableName: tableName,
    Key: EVENT_COUNTERS_KEY,
    UpdateExpression: 'ADD #total :total, #verified :verified',
    ExpressionAttributeNames: { '#total': 'total', '#verified': 'verified' },
    ExpressionAttributeValues: { ':total': total, ':verified': verified },
  };
}

/** Creates one new event and counts it, in one transaction. */
export async function createEvent(event: RaceEvent): Promise<RaceEvent> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName, Item: toEventItem(event), ConditionExpression: 'attribute_not_exists(PK)' } },
        { Update: counterUpdate(1, event.verified ? 1 : 0) },
      ],
    }),
  );
  return event;
}

/** Writes one batch of at most 25 items, retrying whatever DynamoDB hands back unprocessed (throttling). */
async function writeBatch(events: readonly RaceEvent[]): Promise<void> {
  let requests = events.map((event) => ({ PutRequest: { Item: toEventItem(event) } }));
  for (let attempt = 0; requests.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
    const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
    requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
  }
}

/**
 * Creates many new events (seed and bulk import). Items go in batches of 25 with a few batches in flight at
 * once (one at a time leaves the database idle during every round trip; four in flight cut the 2,000-event
 * local seed by about a third), and the counters move once at the end, so a failure part-way leaves the
 * counters short rather than over. After a failure no further batch starts; unprocessed items are retried
 * with backoff.
 */
export async function createEventsInBulk(events: readonly RaceEvent[]): Promise<number> {
  const batches: RaceEvent[][] = [];
  for (let start = 0; start < events.length; start += BATCH_SIZE) batches.push(events.slice(start, start + BATCH_SIZE));
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < batches.length) {
      const batch = batches[next++] as RaceEvent[];
      try {
        await writeBatch(batch);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_IN_FLIGHT, batches.length) }, worker));
  const verified = events.filter((event) => event.verified).length;
  if (events.length > 0) await db.send(new UpdateCommand(counterUpdate(events.length, verified)));
  return events.length;
}

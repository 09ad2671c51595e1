import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import {
  createEvent,
  deleteEvent,
  EventNotFoundError,
  EventWriteConflictError,
  toEventItem,
  updateEvent,
} from '#data/event';
import { postingKeysOf } from '#data/search-index';
import { adminIndexItemsOf, adminIndexKeysOf } from '#data/admin-event-index';

const dynamo = mockClient(DynamoDBDocumentClient);
const event: RaceEvent = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  title: 'Boston Harbor 10K',
  eventDate: '2027-05-01',
  eventType: 'road_race',
  terrainType: 'road',
  locationName: 'Seaport',
  city: 'Boston',
  state: 'MA',
  country: 'US',
  distances: ['10K'],
  tags: [],
  featured: false,
  verified: true,
  source: 'manual',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

type TransactItem = { Put?: { Item: Record<string, unknown> }; Delete?: { Key: Record<string, unknown> }; Update?: { Key: Record<string, unknown>; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> } };
/** The counters an update moves, by counter name: { verified: -1 }. */
const counterMoves = (update: TransactItem['Update']) =>
  Object.fromEntries(Object.entries(update?.ExpressionAttributeNames ?? {}).map(([alias, name]) => [name, update?.ExpressionAttributeValues[alias.replace('#', ':')]]));
const transactItems = () => (dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? []) as TransactItem[];
const keyOf = (item: TransactItem) => {
  const key = item.Put?.Item ?? item.Delete?.Key ?? item.Update?.Key ?? {};
  return `${String(key.PK)}|${String(key.SK)}`;
};

describe('event writes keep the search index in the same transaction', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
  });

  it('creates the event, its postings and the counter update together', async () => {
    await createEvent(event);
    const keys = transactItems().map(keyOf);
    expect(keys).toContain('EVENT#01JABCDEFGHJKMNPQRSTVWXYZ0|EVENT');
    expect(keys).toContain('COUNTER|EVENTS');
    for (const key of postingKeysOf(event)) expect(keys).toContain(`${key.PK}|${key.SK}`);
  });

  it('on rename deletes the postings of words the event lost and rewrites the rest', async () => {
    dynamo.on(GetCommand).resolves({ Item: toEventItem(event) });
    const renamed = await updateEvent(event.id, { title: 'Seaport 10K' }, new Date('2026-11-02T00:00:00Z'));
    const items = transactItems();
    const deleted = items.filter((item) => item.Delete).map(keyOf);
    expect(deleted).toContain('IDX#T#har|2027-05-01#01JABCDEFGHJKMNPQRSTVWXYZ0');
    // Boston is still the city, so its posting stays (rewritten, not deleted).
    expect(deleted).not.toContain('IDX#T#bos|2027-05-01#01JABCDEFGHJKMNPQRSTVWXYZ0');
    expect(items.filter((item) => item.Put).map(keyOf)).toContain('IDX#T#bos|2027-05-01#01JABCDEFGHJKMNPQRSTVWXYZ0');
    expect(renamed.updatedAt).toBe('2026-11-02T00:00:00.000Z');
    // Neither verified nor total changed, so the counters are not touched.
    expect(items.map(keyOf)).not.toContain('COUNTER|EVENTS');
  });

  it('on a date change moves every posting to the new position', async () => {
    dynamo.on(GetCommand).resolves({ Item: toEventItem(event) });
    await updateEvent(event.id, { eventDate: '2027-06-01' });
    const items = transactItems();
    expect(items.filter((item) => item.Delete)).toHaveLength(postingKeysOf(event).length);
    // The date is in every key: first, or after the price (price order) or the quadtree path (nearest first).
    expect(items.filter((item) => item.Put && /(^|#)2027-06-01#/.test(String(item.Put.Item.SK)))).toHaveLength(postingKeysOf(event).length);
  });

  it('on unverify removes every posting and counts one verified event less', async () => {
    dynamo.on(GetCommand).resolves({ Item: toEventItem(event) });
    await updateEvent(event.id, { verified: false });
    const items = transactItems();
    expect(items.filter((item) => item.Delete)).toHaveLength(postingKeysOf(event).length);
    // The event and its admin index items (row and title/city postings, which carry the flag) are rewritten.
    expect(items.filter((item) => item.Put)).toHaveLength(1 + adminIndexItemsOf({ ...event, verified: false }).length);
    expect(counterMoves(items.find((item) => item.Update)?.Update)).toEqual({ verified: -1 });
    const put = items.find((item) => item.Put)?.Put?.Item ?? {};
    expect(put).not.toHaveProperty('GSI1PK');
    expect(put).not.toHaveProperty('GSI2PK');
  });

  it('on delete removes the event, its postings and its counts', async () => {
    dynamo.on(GetCommand).resolves({ Item: toEventItem(event) });
    await deleteEvent(event.id);
    const items = transactItems();
    expect(items.filter((item) => item.Delete)).toHaveLength(postingKeysOf(event).length + adminIndexKeysOf(event).length + 1);
    // created 2026-11-01T00:00Z is still October in New York
    expect(counterMoves(items.find((item) => item.Update)?.Update)).toEqual({ total: -1, verified: -1, "created#2026-10": -1, 'state#MA': -1, 'type#road_race': -1 });
  });

  it('reports an unknown event and a lost race as typed errors', async () => {
    dynamo.on(GetCommand).resolves({});
    await expect(updateEvent(event.id, { title: 'x' })).rejects.toBeInstanceOf(EventNotFoundError);
    await expect(deleteEvent(event.id)).rejects.toBeInstanceOf(EventNotFoundError);

    dynamo.on(GetCommand).resolves({ Item: toEventItem(event) });
    const cancelled = Object.assign(new Error('cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
    });
    dynamo.on(TransactWriteCommand).rejects(cancelled);
    await expect(updateEvent(event.id, { title: 'x' })).rejects.toBeInstanceOf(EventWriteConflictError);
  });
});

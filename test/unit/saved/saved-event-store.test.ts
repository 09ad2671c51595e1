import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '#lib/errors';
import { getEventsById } from '#data/event';
import {
  decodeSavedCursor,
  encodeSavedCursor,
  saveEvent,
  unsaveEvent,
} from '#data/saved-event';

const dynamo = mockClient(DynamoDBDocumentClient);
const TABLE = process.env.TABLE_NAME!;

const id = (n: number) => `01J${String(n).padStart(23, '0')}`;
const eventItem = (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'EVENT', id: eventId, title: `Event ${eventId}`, searchText: 'x' });

function cancelled(...codes: string[]) {
  return Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

beforeEach(() => dynamo.reset());

describe('reading the events of a page of saves', () => {
  it('asks for at most 100 keys a call and asks again for keys left unprocessed', async () => {
    const ids = Array.from({ length: 130 }, (_, n) => id(n));
    let first = true;
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { PK: string }[] }> }) => {
      const keys = input.RequestItems[TABLE]!.Keys;
      // The first call leaves its last 10 keys unprocessed, as DynamoDB does under load.
      const served = first ? keys.slice(0, -10) : keys;
      const unprocessed = first ? keys.slice(-10) : [];
      first = false;
      return {
        Responses: { [TABLE]: served.map((key) => eventItem(key.PK.slice('EVENT#'.length))) },
        ...(unprocessed.length ? { UnprocessedKeys: { [TABLE]: { Keys: unprocessed } } } : {}),
      };
    });
    const found = await getEventsById([...ids, ids[0]!]);
    expect([...found.keys()].sort()).toEqual(ids);
    expect(found.get(ids[0]!)).not.toHaveProperty('searchText');
    const sizes = dynamo.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems![TABLE]!.Keys!.length);
    expect(sizes).toEqual([100, 10, 30]);
  });
});

describe('saving', () => {
  it('returns the existing save without writing when the event is already saved', async () => {
    dynamo.on(GetCommand).resolves({ Item: { eventId: id(1), savedAt: '2026-01-01T00:00:00.000Z' } });
    expect(await saveEvent('sub', id(1))).toEqual({ eventId: id(1), savedAt: '2026-01-01T00:00:00.000Z' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('retries a transaction that lost a race on the counter, and 404s an event deleted meanwhile', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'None', 'TransactionConflict', 'None')).resolves({});
    await expect(saveEvent('sub', id(2))).resolves.toMatchObject({ eventId: id(2) });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);

    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'None', 'ConditionalCheckFailed'));
    const error = await saveEvent('sub', id(3)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
  });
});

describe('removing', () => {
  it('still removes the save when the counter is already at 0, leaving the counter alone', async () => {
    dynamo.on(GetCommand).resolvesOnce({ Item: { eventId: id(4), savedAt: '2026-01-01T00:00:00.000Z' } });
    dynamo.on(GetCommand).resolves({ Item: { eventId: id(4), savedAt: '2026-01-01T00:00:00.000Z' } });
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'None', 'ConditionalCheckFailed')).resolves({});
    await unsaveEvent('sub', id(4));
    const calls = dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems!);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.some((item) => item.Update)).toBe(true);
    expect(calls[1]!.some((item) => item.Update)).toBe(false);
    expect(calls[1]!.filter((item) => item.Delete)).toHaveLength(2);
  });

  it('writes nothing when the event is not saved', async () => {
    dynamo.on(GetCommand).resolves({});
    await unsaveEvent('sub', id(5));
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('the saved-events cursor', () => {
  it('round-trips the last entry and refuses anything else with 400', () => {
    const cursor = encodeSavedCursor('2026-03-04T05:06:07.089Z', id(6));
    expect(decodeSavedCursor(cursor)).toEqual({ savedAt: '2026-03-04T05:06:07.089Z', eventId: id(6) });
    for (const bad of ['', 'abc', Buffer.from('USER#other#SAVED').toString('base64url'), Buffer.from(`2026-03-04#${id(6)}`).toString('base64url')]) {
      expect(() => decodeSavedCursor(bad)).toThrow(HttpError);
    }
  });
});

import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { toEventItem } from '#data/event';
import { flushEvents } from '../../../lambdas/admin-events/flush-catalogue.ts';
import { testRaceEvent } from '../../support/race-event.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const event = (n: number): RaceEvent =>
  testRaceEvent({
    id: `01JFLUSH${String(n).padStart(18, '0')}`,
    title: `Flush ${n}`,
    eventDate: '2027-05-01',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  });

describe('flush', () => {
  let stored: Map<string, RaceEvent>;
  beforeEach(() => {
    dynamo.reset();
    stored = new Map(Array.from({ length: 7 }, (_, index) => [event(index).id, event(index)]));
    // The admin index, walked newest first: whatever is still stored.
    dynamo.on(QueryCommand).callsFake((input: { Limit: number; IndexName?: string; ExpressionAttributeValues: Record<string, unknown> }) => {
      expect(input.IndexName).toBe('GSI1');
      expect(input.ExpressionAttributeValues[':pk']).toBe('ADMIN#EVENTS');
      return { Items: [...stored.keys()].slice(0, input.Limit).map((id) => ({ id })) };
    });
    dynamo.on(GetCommand).callsFake((input: { Key: { PK: string } }) => {
      if (input.Key.PK === 'COUNTER') return { Item: { total: stored.size } };
      const found = stored.get(input.Key.PK.slice('EVENT#'.length));
      return found ? { Item: toEventItem(found) } : {};
    });
    dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: { Delete?: { Key: { PK: string; SK: string } } }[] }) => {
      const own = input.TransactItems.find((item) => item.Delete?.Key.SK === 'EVENT');
      stored.delete(own!.Delete!.Key.PK.slice('EVENT#'.length));
      return {};
    });
    dynamo.on(UpdateCommand).resolves({});
  });

  it('deletes every event through the event store, walking the admin index, and reports none remaining', async () => {
    expect(await flushEvents()).toEqual({ deleted: 7, remaining: 0 });
    expect(stored.size).toBe(0);
    // One transaction per event: each takes its postings and counters with it.
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(7);
  });

  it('stops when its time is up and says how many remain', async () => {
    expect(await flushEvents(0)).toEqual({ deleted: 0, remaining: 7 });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

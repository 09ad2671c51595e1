import { BatchWriteCommand, DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEventsInBulk } from '#data/event';
import { STATS_PK, statDeltas } from '#data/search-index';
import { todayInNewYork } from '#shared/dates';
import { generateSeedEvents } from '../../../infra/local/seed/generate-events.ts';

// The seed writes through the event store's bulk path; these pin down how that path talks to DynamoDB.
const dynamo = mockClient(DynamoDBDocumentClient);
const events = generateSeedEvents({ count: 260, today: '2025-06-10', seed: 3 });
type WriteRequests = { PutRequest: { Item: Record<string, unknown> } }[];
const requestsOf = (input: { RequestItems?: Record<string, unknown> }) => Object.values(input.RequestItems ?? {})[0] as WriteRequests;
// Search postings travel in the same batches as their event; these tests follow the event items.
const eventIds = (requests: WriteRequests) =>
  requests.filter((request) => request.PutRequest.Item.entity === 'event').map((request) => String(request.PutRequest.Item.id));
const counterUpdates = () =>
  dynamo.commandCalls(UpdateCommand).filter((call) => call.args[0].input.Key?.PK === 'COUNTER');
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('bulk event writes', () => {
  beforeEach(() => dynamo.reset());

  it('writes every event once, in batches of at most 25, with a few batches in flight', async () => {
    const written: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    dynamo.on(BatchWriteCommand).callsFake(async (input) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await tick();
      const requests = requestsOf(input);
      expect(requests.length).toBeLessThanOrEqual(25);
      written.push(...eventIds(requests));
      inFlight -= 1;
      return {};
    });
    dynamo.on(UpdateCommand).resolves({});

    await expect(createEventsInBulk(events)).resolves.toBe(260);

    expect(written.sort()).toEqual(events.map((event) => event.id).sort());
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(4);
  });

  it('counts all events, the verified and featured ones and each creation month in a single counter update at the end', async () => {
    dynamo.on(BatchWriteCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});

    await createEventsInBulk(events);

    const updates = counterUpdates();
    expect(updates).toHaveLength(1);
    const input = updates[0]!.args[0].input;
    const moved = Object.fromEntries(
      Object.entries(input.ExpressionAttributeNames ?? {}).map(([alias, name]) => [name, input.ExpressionAttributeValues?.[alias.replace('#', ':')]]),
    );
    const months = new Map<string, number>();
    for (const event of events) {
      const month = `created#${todayInNewYork(new Date(event.createdAt)).slice(0, 7)}`;
      months.set(month, (months.get(month) ?? 0) + 1);
    }
    const featured = events.filter((event) => event.featured).length;
    // Per state and per type too: the admin list's exact totals for those filters.
    const facets = new Map<string, number>();
    for (const name of events.flatMap((event) => [`state#${event.state}`, `type#${event.eventType}`])) facets.set(name, (facets.get(name) ?? 0) + 1);
    expect(moved).toEqual({
      total: 260,
      verified: events.filter((event) => event.verified).length,
      ...(featured > 0 ? { featured } : {}),
      ...Object.fromEntries(months),
      ...Object.fromEntries(facets),
    });
  });

  it("moves the search planner's partition counts in transactions of at most 100 ADDs, not an UpdateItem each", async () => {
    dynamo.on(BatchWriteCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});

    await createEventsInBulk(events);

    const expected = new Map<string, number>();
    for (const event of events) for (const [partition, delta] of statDeltas(undefined, event)) expected.set(partition, (expected.get(partition) ?? 0) + delta);
    const moved = new Map<string, number>();
    const transactions = dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
    for (const items of transactions) {
      expect(items.length).toBeLessThanOrEqual(100);
      for (const { Update } of items) {
        expect(Update?.Key?.PK).toBe(STATS_PK);
        expect(Update?.UpdateExpression).toBe('ADD #n :delta');
        moved.set(String(Update?.Key?.SK), (moved.get(String(Update?.Key?.SK)) ?? 0) + Number(Update?.ExpressionAttributeValues?.[':delta']));
      }
    }
    expect(moved).toEqual(expected);
    expect(transactions.length).toBe(Math.ceil(expected.size / 100));
    expect(dynamo.commandCalls(UpdateCommand).filter((call) => call.args[0].input.Key?.PK === STATS_PK)).toHaveLength(0);
  });

  it('retries the items DynamoDB leaves unprocessed', async () => {
    const written: string[] = [];
    let throttled = false;
    dynamo.on(BatchWriteCommand).callsFake(async (input) => {
      const requests = requestsOf(input);
      if (!throttled) {
        throttled = true;
        written.push(...eventIds(requests.slice(5)));
        return { UnprocessedItems: { [Object.keys(input.RequestItems)[0] as string]: requests.slice(0, 5) } };
      }
      written.push(...eventIds(requests));
      return {};
    });
    dynamo.on(UpdateCommand).resolves({});

    await createEventsInBulk(events.slice(0, 25));

    expect(written.sort()).toEqual(events.slice(0, 25).map((event) => event.id).sort());
  });

  it('stops starting batches after a failure and leaves the counters untouched', async () => {
    let calls = 0;
    dynamo.on(BatchWriteCommand).callsFake(async () => {
      const call = (calls += 1);
      await tick();
      if (call === 2) throw new Error('ProvisionedThroughputExceeded');
      return {};
    });
    dynamo.on(UpdateCommand).resolves({});

    await expect(createEventsInBulk(events)).rejects.toThrow('ProvisionedThroughputExceeded');
    await tick();
    await tick();

    // Well over 100 batches in all (events and their postings); the failure stops new ones, so at most the
    // ones already in flight finish.
    expect(calls).toBeLessThan(8);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { READ_BUDGET, searchEvents } from '../../../lambdas/events/event-search.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const today = '2026-11-22';
const position = (n: number) => `2027-01-${String(n).padStart(2, '0')}#01JABCDEFGHJKMNPQRSTVWXYZ0`;
const decode = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('search read budget', () => {
  beforeEach(() => {
    dynamo.reset();
    // No active promotions.
    dynamo.on(QueryCommand, { IndexName: 'GSI4' }).resolves({ Items: [], Count: 0, ScannedCount: 0, ConsumedCapacity: { CapacityUnits: 0.5 } });
    dynamo.on(BatchGetCommand).resolves({ Responses: {}, ConsumedCapacity: [] });
  });

  it('stops reading when the budget is spent and resumes exactly after the last item read', async () => {
    const stream = dynamo.on(QueryCommand, { IndexName: undefined });
    stream
      .resolvesOnce({ Items: [], Count: 0, ScannedCount: 100, ConsumedCapacity: { CapacityUnits: 5 }, LastEvaluatedKey: { PK: 'IDX#T#zzz', SK: position(1) } })
      .resolvesOnce({ Items: [], Count: 0, ScannedCount: 60, ConsumedCapacity: { CapacityUnits: 3.5 }, LastEvaluatedKey: { PK: 'IDX#T#zzz', SK: position(2) } });

    const { page, stats } = await searchEvents({ q: 'zzzzz' }, { today });

    expect(page.items).toEqual([]);
    expect(stats.readUnits).toBeLessThanOrEqual(READ_BUDGET);
    const reads = dynamo.commandCalls(QueryCommand).filter((call) => call.args[0].input.IndexName === undefined);
    expect(reads).toHaveLength(2);
    // The second read starts just after the first one's last key and asks for no more than the rest of the budget allows.
    expect(reads[1]?.args[0].input.ExpressionAttributeValues?.[':lower']).toBe(`${position(1)} `);
    expect(reads[1]?.args[0].input.Limit).toBeLessThanOrEqual(Math.floor(((READ_BUDGET - 5.5) * 8192) / ((5 * 8192) / 100)));
    expect(reads.every((call) => call.args[0].input.FilterExpression === 'contains(#text, :w0)')).toBe(true);
    expect(page.nextCursor).toBeDefined();
    expect(page.complete).toBe(false);
    expect(decode(page.nextCursor as string)).toMatchObject({ d: 'IDX#T#zzz', a: position(2), p: [] });
  });

  it('ends without a cursor when the partition ends', async () => {
    dynamo.on(QueryCommand, { IndexName: undefined }).resolves({ Items: [], Count: 0, ScannedCount: 3, ConsumedCapacity: { CapacityUnits: 0.5 } });
    const { page, stats } = await searchEvents({ q: 'zzzzz' }, { today });
    expect(page).toEqual({ items: [], complete: true });
    expect(stats).toMatchObject({ readUnits: 1, itemsRead: 3, itemsReturned: 0, queries: 2, driver: 'IDX#T#zzz' });
  });

  it('reads no index at all for a date range that ended before today', async () => {
    const { page, stats } = await searchEvents({ from: '2020-01-01', to: '2020-02-01' }, { today });
    expect(page).toEqual({ items: [], complete: true });
    expect(stats.queries).toBe(0);
  });

  it('spends the same budget on a page whether the planner hints were cached or read', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: { [process.env.TABLE_NAME as string]: [{ SK: 'IDX#T#qqqqq', n: 10 }, { SK: 'STATE#CA', n: 900 }] },
      ConsumedCapacity: [{ CapacityUnits: 1 }],
    });
    dynamo.on(QueryCommand, { IndexName: undefined }).resolves({
      Items: [], Count: 0, ScannedCount: 100, ConsumedCapacity: { CapacityUnits: 5 }, LastEvaluatedKey: { PK: 'IDX#T#qqqqq', SK: position(1) },
    });
    const limits = async () => {
      const before = dynamo.commandCalls(QueryCommand).length;
      const { page } = await searchEvents({ q: 'qqqqq', state: 'CA' }, { today });
      const reads = dynamo.commandCalls(QueryCommand).slice(before).filter((call) => call.args[0].input.IndexName === undefined);
      return { limits: reads.map((call) => call.args[0].input.Limit), cursor: page.nextCursor, hints: dynamo.commandCalls(BatchGetCommand).length };
    };
    const cold = await limits();
    const warm = await limits();
    expect(warm.hints).toBe(cold.hints);
    expect(cold.hints).toBe(1);
    expect(warm.limits).toEqual(cold.limits);
    expect(warm.cursor).toBe(cold.cursor);
  });
});

import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tableName } from '#lib/dynamo';
import { ConflictError, NotFoundError } from '#lib/errors';
import { readWithinBudget, type BudgetedQuery } from '#lib/kit/budgeted-query';
import { defineEntity } from '#lib/kit/entity';
import { batchGetOnce, table } from '#lib/kit/table';
import { queryIndexPage, queryKeyCursorPage } from '#lib/kit/index-page';
import { AlreadyDone, lostToTransactionInFlight, refuseAnyCancellation, refuseLostRace, retryingConflicts, transact } from '#lib/kit/transact';
import { batchGetItems } from '#lib/kit/batch-get';

const dynamo = mockClient(DynamoDBDocumentClient);

/** A TransactionCanceledException as DynamoDB sends it, one reason per item. */
const cancelled = (...codes: string[]) => Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });

const put = (n: number) => ({ Put: { Item: { PK: `ITEM#${n}`, SK: 'ITEM' }, ConditionExpression: 'attribute_not_exists(PK)' } });

describe('table', () => {
  beforeEach(() => dynamo.reset());

  it('fills in the table name of every command it sends', async () => {
    dynamo.on(GetCommand).resolves({ Item: { PK: 'A', SK: 'B' } });
    await table.get({ Key: { PK: 'A', SK: 'B' }, ConsistentRead: true });
    expect(dynamo.commandCalls(GetCommand)[0]!.args[0].input).toEqual({ TableName: tableName, Key: { PK: 'A', SK: 'B' }, ConsistentRead: true });
  });
});

describe('transact', () => {
  beforeEach(() => dynamo.reset());

  it('writes the built items with the table filled in and the mappings left out, and answers the result', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const result = await transact(() => ({ items: [{ ...put(1), ifConditionFails: new ConflictError('taken') }], result: 'done' }));
    expect(result).toBe('done');
    expect(dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([{ Put: { TableName: tableName, ...put(1).Put } }]);
  });

  it('writes nothing when the plan has no items', async () => {
    await expect(transact(() => ({ items: [], result: 'existing' }))).resolves.toBe('existing');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('retries a conflict with another transaction, building the items afresh each time', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict', 'None')).resolves({});
    const builds: number[] = [];
    await transact((attempt) => {
      builds.push(attempt);
      return [put(attempt), put(10)];
    });
    expect(builds).toEqual([0, 1]);
    expect(dynamo.commandCalls(TransactWriteCommand)[1]!.args[0].input.TransactItems?.[0]?.Put?.Item).toEqual({ PK: 'ITEM#1', SK: 'ITEM' });
  });

  it('gives up after the attempts, with the caller\'s error when it names one and DynamoDB\'s otherwise', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transact(() => [put(1)], { attempts: 2, onExhausted: () => new ConflictError('busy') })).rejects.toThrow('busy');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    dynamo.resetHistory();
    await expect(transact(() => [put(1)], { attempts: 3 })).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('maps a failed condition to the error of its item', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    await expect(transact(() => [put(1), { ...put(2), ifConditionFails: () => new NotFoundError('Event not found') }])).rejects.toThrow(NotFoundError);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('prefers an error over a retry when several conditions fail, and rebuilds when every failure asks for a retry', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'ConditionalCheckFailed'));
    await expect(transact(() => [{ ...put(1), ifConditionFails: 'retry' }, { ...put(2), ifConditionFails: new NotFoundError() }])).rejects.toThrow(NotFoundError);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None')).resolves({});
    await transact(() => [{ ...put(1), ifConditionFails: 'retry' }, put(2)]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('rethrows DynamoDB\'s error for a failed condition nobody mapped, and any other error at once', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    await expect(transact(() => [put(1)])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(Object.assign(new Error('bad'), { name: 'ValidationException' }));
    await expect(transact(() => [put(1)])).rejects.toThrow('bad');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('lets a mapping see the whole cancellation (which other items failed, the attempt)', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'ConditionalCheckFailed')).resolves({});
    const seen: boolean[] = [];
    await transact(() => [
      { ...put(1), ifConditionFails: 'retry' },
      { ...put(2), ifConditionFails: (cancellation) => (seen.push(cancellation.failedAt(0)), 'retry') },
    ]);
    expect(seen).toEqual([false]);
  });
});

describe('transact options and retryingConflicts', () => {
  beforeEach(() => dynamo.reset());

  it('maps failed conditions of items without their own mapping (items a caller passed in)', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const lost = new ConflictError('changed');
    await expect(transact(() => [put(1), put(2)], { attempts: 1, ifAnyConditionFails: () => lost })).rejects.toBe(lost);
  });

  it('runs a composed write again after a backoff while it loses, then gives the caller\'s error', async () => {
    let calls = 0;
    const busy = new ConflictError('busy');
    const attempt = () => {
      calls += 1;
      return Promise.reject(new NotFoundError('lost'));
    };
    await expect(retryingConflicts(attempt, { attempts: 3, retryOn: (error) => error instanceof NotFoundError, onExhausted: () => busy })).rejects.toBe(busy);
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryingConflicts(attempt, { attempts: 3, retryOn: () => false })).rejects.toThrow('lost');
    expect(calls).toBe(1);
    await expect(retryingConflicts(() => Promise.resolve(7), { attempts: 3, retryOn: () => true })).resolves.toBe(7);
  });
});

describe('defineEntity', () => {
  const Note = z.object({ id: z.string(), text: z.string() });
  const notes = defineEntity<z.infer<typeof Note>, [string]>({
    name: 'note',
    key: (id) => ({ PK: `NOTE#${id}`, SK: 'NOTE' }),
    schema: Note,
    indexKeys: (note) => ({ GSI1PK: 'NOTES', GSI1SK: note.id }),
  });

  beforeEach(() => dynamo.reset());

  it('writes the key, the tag, the value and its index keys side by side', async () => {
    dynamo.on(PutCommand).resolves({});
    await notes.put(notes.key('1'), { id: '1', text: 'hi' }, { condition: 'attribute_not_exists(PK)' });
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: tableName,
      Item: { PK: 'NOTE#1', SK: 'NOTE', entity: 'note', id: '1', text: 'hi', GSI1PK: 'NOTES', GSI1SK: '1' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('reads back only the schema\'s fields', async () => {
    dynamo.on(GetCommand).resolves({ Item: notes.item(notes.key('1'), { id: '1', text: 'hi' }) });
    await expect(notes.get(notes.key('1'))).resolves.toEqual({ id: '1', text: 'hi' });
  });
});

describe('readWithinBudget', () => {
  beforeEach(() => dynamo.reset());

  const base = (usage: BudgetedQuery['usage'], budget: number): BudgetedQuery => ({
    index: 'GSI1',
    pk: 'GSI1PK',
    sk: 'GSI1SK',
    partition: 'P',
    range: (position) => (position === undefined ? { expression: '', values: {} } : { expression: '#sk < :before', values: { ':before': position } }),
    after: undefined,
    newestFirst: true,
    filter: { expression: '#x = :x', names: { '#x': 'x' }, values: { ':x': 1 } },
    need: 5,
    unitsLeft: () => budget - usage.readUnits,
    usage,
    itemBytesGuess: 500,
    minItemBytes: 150,
    matchRateGuess: 0.5,
    minItemsPerQuery: 8,
    maxItemsPerQuery: 600,
  });

  it('counts the read units of every query and resumes after the last key read when the budget runs out', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ GSI1SK: 'k9' }], ScannedCount: 40, ConsumedCapacity: { CapacityUnits: 6 }, LastEvaluatedKey: { GSI1SK: 'k5' } })
      .resolvesOnce({ Items: [], ScannedCount: 30, ConsumedCapacity: { CapacityUnits: 3.5 }, LastEvaluatedKey: { GSI1SK: 'k1' } });
    const usage = { readUnits: 0, itemsRead: 0, queries: 0 };
    const read = await readWithinBudget(base(usage, 10));
    expect(usage).toEqual({ readUnits: 9.5, itemsRead: 70, queries: 2 });
    expect(read).toEqual({ items: [{ GSI1SK: 'k9' }], resumeAfter: 'k1', exhausted: false });
    const second = dynamo.commandCalls(QueryCommand)[1]!.args[0].input;
    expect(second).toMatchObject({ IndexName: 'GSI1', KeyConditionExpression: '#pk = :pk AND #sk < :before', ScanIndexForward: false, ReturnConsumedCapacity: 'TOTAL' });
    expect(second.ExpressionAttributeValues).toEqual({ ':pk': 'P', ':before': 'k5', ':x': 1 });
  });

  it('ends, exhausted, when the partition ends or the range says so', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ GSI1SK: 'k2' }], ScannedCount: 3, ConsumedCapacity: { CapacityUnits: 0.5 } });
    const usage = { readUnits: 0, itemsRead: 0, queries: 0 };
    await expect(readWithinBudget(base(usage, 10))).resolves.toEqual({ items: [{ GSI1SK: 'k2' }], resumeAfter: undefined, exhausted: true });
    await expect(readWithinBudget({ ...base(usage, 10), range: () => 'end' })).resolves.toEqual({ items: [], resumeAfter: undefined, exhausted: true });
  });
});

describe('transact answers', () => {
  beforeEach(() => dynamo.reset());

  it('answers what a failed condition says was done already, without retrying', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    await expect(transact(() => ({ items: [{ ...put(1), ifConditionFails: new AlreadyDone('already-subscribed') }], result: 'subscribed' }))).resolves.toBe('already-subscribed');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('treats a mapping that answers undefined as no mapping (DynamoDB\'s own error)', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    await expect(transact(() => [{ ...put(1), ifConditionFails: ({ conflicted }) => (conflicted ? undefined : new AlreadyDone(1)) }, put(2)], { attempts: 1 })).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
  });

  it('maps a cancellation with neither a failed condition nor a conflict only when told to (an error, or a retry)', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ValidationError'));
    await expect(transact(() => [put(1)], refuseLostRace(() => new ConflictError('changed')))).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    await expect(transact(() => [put(1)], refuseAnyCancellation(() => new ConflictError('changed')))).rejects.toThrow('changed');
    dynamo.resetHistory();
    await expect(transact(() => [put(1)], { attempts: 2, ifOtherwiseCancelled: 'retry', onExhausted: () => new ConflictError('busy') })).rejects.toThrow('busy');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('lets the last lost attempt settle from a fresh read (an answer or an error)', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transact(() => [put(1)], { attempts: 1, onExhausted: () => Promise.resolve(new AlreadyDone('handled')) })).resolves.toBe('handled');
    await expect(transact(() => [put(1)], refuseLostRace(() => new ConflictError('changed')))).rejects.toThrow('changed');
    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    await expect(transact(() => [put(1)], refuseLostRace(() => new ConflictError('changed')))).rejects.toThrow('changed');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('tells a write that lost to a transaction in flight from other failures', () => {
    expect(lostToTransactionInFlight(Object.assign(new Error('x'), { name: 'TransactionConflictException' }))).toBe(true);
    expect(lostToTransactionInFlight(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(lostToTransactionInFlight(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(lostToTransactionInFlight(new Error('other'))).toBe(false);
  });
});

describe('pages', () => {
  beforeEach(() => dynamo.reset());
  const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

  it('reads one item more than a page, and gives a cursor only when something follows', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ GSI1SK: 'a#1' }, { GSI1SK: 'b#2' }, { GSI1SK: 'c#3' }] });
    const options = { index: 'GSI1' as const, partition: 'P', cursorPattern: /^(\w)#(\d)$/, keyOf: (m: RegExpExecArray) => ({ PK: `X#${m[2]}`, SK: 'X' }), newestFirst: true, pageSize: 2 };
    const page = await queryIndexPage(options, cursorOf('z#9'));
    expect(page).toEqual({ items: [{ GSI1SK: 'a#1' }, { GSI1SK: 'b#2' }], nextCursor: cursorOf('b#2') });
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ Limit: 3, ScanIndexForward: false, ExclusiveStartKey: { PK: 'X#9', SK: 'X', GSI1PK: 'P', GSI1SK: 'z#9' } });
    await expect(queryIndexPage(options, cursorOf('not a position'))).rejects.toThrow('Some fields are not valid');
  });

  it('offers a cursor after a read DynamoDB cut short when asked, and refuses an empty cursor when asked', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ GSI1SK: 'a#1' }], LastEvaluatedKey: { GSI1SK: 'a#1' } });
    const options = { index: 'GSI1' as const, partition: 'P', cursorPattern: /^(\w)#(\d)$/, keyOf: (m: RegExpExecArray) => ({ PK: `X#${m[2]}`, SK: 'X' }), newestFirst: true, pageSize: 2 };
    await expect(queryIndexPage(options, undefined)).resolves.toEqual({ items: [{ GSI1SK: 'a#1' }] });
    await expect(queryIndexPage({ ...options, cursorWhenTruncated: true }, undefined)).resolves.toEqual({ items: [{ GSI1SK: 'a#1' }], nextCursor: cursorOf('a#1') });
    await expect(queryIndexPage(options, '')).resolves.toEqual({ items: [{ GSI1SK: 'a#1' }] });
    await expect(queryIndexPage({ ...options, refuseEmptyCursor: true }, '')).rejects.toThrow('Some fields are not valid');
  });

  it('reads exactly a page when asked, the cursor then being where DynamoDB stopped', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ GSI2SK: 'a#1' }], LastEvaluatedKey: { GSI2SK: 'a#1' } });
    const page = await queryIndexPage({ index: 'GSI2', partition: 'P', cursorPattern: /^(\w)#(\d)$/, keyOf: () => ({ PK: 'X', SK: 'X' }), newestFirst: false, pageSize: 1, exactLimit: true }, undefined);
    expect(page.nextCursor).toBe(cursorOf('a#1'));
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ Limit: 1, ScanIndexForward: true });
  });

  it('pages by LastEvaluatedKey where the sort key does not name the item, refusing another partition\'s cursor', async () => {
    const last = { PK: 'R#1', SK: 'RECAP', GSI1PK: 'RECAPS', GSI1SK: 'x' };
    dynamo.on(QueryCommand).resolves({ Items: [last], LastEvaluatedKey: last });
    const page = await queryKeyCursorPage({ index: 'GSI1', partition: 'RECAPS', newestFirst: true, limit: 1 }, undefined);
    expect(page.items).toEqual([last]);
    await queryKeyCursorPage({ index: 'GSI1', partition: 'RECAPS', newestFirst: true, limit: 1 }, page.nextCursor);
    expect(dynamo.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual(last);
    await expect(queryKeyCursorPage({ index: 'GSI1', partition: 'OTHER', newestFirst: true, limit: 1 }, page.nextCursor)).rejects.toThrow('Some fields are not valid');
  });

  it('asks a BatchGet\'s leftovers again as many times as told, then gives the caller\'s error', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { [tableName]: [] }, UnprocessedKeys: { [tableName]: { Keys: [{ PK: 'A', SK: 'B' }] } } });
    await expect(batchGetItems([{ PK: 'A', SK: 'B' }], { attempts: 3, backoff: false, onExhausted: () => new Error('not read') })).rejects.toThrow('not read');
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(3);
  });

  it('counts the read units of a one-call BatchGet', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { [tableName]: [{ PK: 'A' }] }, ConsumedCapacity: [{ CapacityUnits: 1.5 }, { CapacityUnits: 0.5 }] });
    await expect(batchGetOnce([{ PK: 'A', SK: 'B' }], { projection: 'PK' })).resolves.toEqual({ items: [{ PK: 'A' }], readUnits: 2 });
    expect(dynamo.commandCalls(BatchGetCommand)[0]!.args[0].input).toEqual({
      RequestItems: { [tableName]: { Keys: [{ PK: 'A', SK: 'B' }], ProjectionExpression: 'PK' } },
      ReturnConsumedCapacity: 'TOTAL',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { counterUpdate, counterUpdateItems } from '#lib/kit/counter-update';
import { tableName } from '#lib/dynamo';

describe('counterUpdate', () => {
  it('adds each delta by placeholder, leaving out zeros, from a map or a record', () => {
    const key = { PK: 'COUNTER', SK: 'CLAIMS' };
    const expected = {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'ADD #c0 :c0, #c1 :c1 SET entity = :entity',
      ExpressionAttributeNames: { '#c0': 'pending', '#c1': 'approved' },
      ExpressionAttributeValues: { ':c0': -1, ':c1': 1, ':entity': 'claim-counters' },
    };
    expect(counterUpdate(key, new Map([['pending', -1], ['rejected', 0], ['approved', 1]]), 'claim-counters')).toEqual(expected);
    expect(counterUpdate(key, { pending: -1, rejected: 0, approved: 1 }, 'claim-counters')).toEqual(expected);
    // Names that are reserved words or hold '#' (a month counter) are safe: they are never in the expression.
    expect(counterUpdate(key, { 'created#2026-11': 1, total: 1 })).toMatchObject({ UpdateExpression: 'ADD #c0 :c0, #c1 :c1', ExpressionAttributeNames: { '#c0': 'created#2026-11', '#c1': 'total' } });
  });

  it('writes nothing when nothing moves', () => {
    expect(counterUpdate({ PK: 'COUNTER', SK: 'X' }, { a: 0 })).toBeUndefined();
    expect(counterUpdateItems({ PK: 'COUNTER', SK: 'X' }, new Map())).toEqual([]);
    expect(counterUpdateItems({ PK: 'COUNTER', SK: 'X' }, { a: 2 })).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { BadRequestError } from '#lib/errors';
import { decodeCursor, encodeCursor, queryHash } from '../../../lambdas/events/search-cursor.ts';

const hash = queryHash([['boston'], 'MA']);
const drivers = ['IDX#T#bos', 'STATE#MA'];
const cursor = { v: 1 as const, q: hash, d: 'IDX#T#bos', a: '2027-04-20#01JABCDEFGHJKMNPQRSTVWXYZ0', p: ['01JABCDEFGHJKMNPQRSTVWXYZ1'] };

describe('search cursor', () => {
  it('round-trips through an opaque url-safe string', () => {
    const raw = encodeCursor(cursor);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(raw, hash, drivers)).toEqual(cursor);
  });

  it('takes a price key as the position of a price order cursor, free and priceless races alike', () => {
    for (const a of ['00000000#2027-04-20#01JABCDEFGHJKMNPQRSTVWXYZ0', '~~~~~~~~#2027-04-20#01JABCDEFGHJKMNPQRSTVWXYZ0']) {
      const price = { ...cursor, a, p: [], o: 'price' as const };
      expect(decodeCursor(encodeCursor(price), hash, drivers)).toEqual(price);
    }
  });

  it('hashes the query it belongs to stably and differently per query', () => {
    expect(queryHash([['boston'], 'MA'])).toBe(hash);
    expect(queryHash([['boston'], 'NY'])).not.toBe(hash);
  });

  it.each([
    ['garbage', 'not-a-cursor!'],
    ['not json', Buffer.from('{oops').toString('base64url')],
    ['wrong shape', Buffer.from(JSON.stringify({ ...cursor, v: 2 })).toString('base64url')],
    ['extra fields', Buffer.from(JSON.stringify({ ...cursor, x: 1 })).toString('base64url')],
    ['a bad position', encodeCursor({ ...cursor, a: '2027-04-20#../../x' })],
    ['another query', encodeCursor({ ...cursor, q: queryHash(['other']) })],
    ['a driver this query never uses', encodeCursor({ ...cursor, d: 'USER#someone' })],
    ['a price position in the date order', encodeCursor({ ...cursor, a: '00004500#2027-04-20#01JABCDEFGHJKMNPQRSTVWXYZ0' })],
    ['a date position in the price order', encodeCursor({ ...cursor, o: 'price' })],
  ])('rejects %s as a bad request', (_name, raw) => {
    expect(() => decodeCursor(raw, hash, drivers)).toThrow(BadRequestError);
  });
});

/**
 * The opaque cursor of event search. It records which partition drives the search, the last position read
 * in it ('<date>#<eventId>'), and the promoted events already shown on the first page (so the regular stream
 * never repeats them), bound to the query it was issued for by a short hash. Anything that does not decode
 * to exactly that shape, or belongs to another query, is a 400: a cursor is never trusted to steer a read
 * outside the query's own partitions.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { ULID_PATTERN as ULID, ULID_SOURCE } from '#shared/ids';
import { decodeJsonCursor, encodeJsonCursor, invalidCursor } from '#lib/cursor';
import { decodeTree, MAX_TREE_LENGTH } from './near-order.ts';

/** A position in a partition: every partition's sort key has this fixed-length shape. */
export const POSITION = new RegExp(`^\\d{4}-\\d{2}-\\d{2}#${ULID_SOURCE}$`);
/** A position in a price partition (search-index.ts priceKey): the fee in cents or '~' for none, then as above. */
export const PRICE_POSITION = new RegExp(`^(?:\\d{8}|~{8})#\\d{4}-\\d{2}-\\d{2}#${ULID_SOURCE}$`);

const CursorSchema = z.strictObject({
  v: z.literal(1),
  /** Hash of the query the cursor belongs to. */
  q: z.string().regex(/^[0-9a-f]{12}$/),
  /** Driving partition. */
  d: z.string().min(1).max(120),
  /** Last position read in it (or, in the price order, returned); absent when nothing was read yet (start at the query's first day). */
  a: z.string().max(80).optional(),
  /** Ids of the promoted events shown on the first page (none in the price order). */
  p: z.array(z.string().regex(ULID)).max(50),
  /** Marks the price order's cursor, whose position is a price key (PRICE_POSITION) whatever partition drives it. */
  o: z.literal('price').optional(),
}).refine((cursor) => cursor.a === undefined || (cursor.o === 'price' ? PRICE_POSITION : POSITION).test(cursor.a));
export type SearchCursor = z.infer<typeof CursorSchema>;

/** Stable hash of what a query asks for (not of the day it is asked on). */
export function queryHash(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 12);
}

export function encodeCursor(cursor: SearchCursor): string {
  return encodeJsonCursor(cursor);
}

/**
 * Decodes a cursor issued for the query with hash `hash` whose driver is one of `drivers`; anything else
 * (bad encoding, wrong shape, another query's cursor, a driver this query would never use) throws a 400.
 */
export function decodeCursor(raw: string, hash: string, drivers: readonly string[]): SearchCursor {
  const parsed = CursorSchema.safeParse(decodeJsonCursor(raw));
  if (!parsed.success || parsed.data.q !== hash || !drivers.includes(parsed.data.d)) throw invalidCursor();
  return parsed.data;
}

/**
 * A radius search's position: the last key every covering cell has been read through (an event's
 * '<date>#<id>', or '<date>#~' when a day was read to its end), and the cells known to hold nothing after
 * it. The cells themselves come from the query (place and radius), never from the cursor.
 */
const NEAR_POSITION = new RegExp(`^\\d{4}-\\d{2}-\\d{2}#(?:${ULID_SOURCE}|~)$`);

const NearCursorSchema = z.strictObject({
  v: z.literal(1),
  q: z.string().regex(/^[0-9a-f]{12}$/),
  /** Marks a radius search's cursor. */
  n: z.literal(1),
  a: z.string().regex(NEAR_POSITION),
  /** Indexes of covering cells with nothing left after `a`. */
  x: z.array(z.number().int().min(0).max(999)).max(1000),
});
export type NearCursor = z.infer<typeof NearCursorSchema>;

export function encodeNearCursor(cursor: NearCursor): string {
  return encodeJsonCursor(cursor);
}

/** Decodes a radius search's cursor issued for the query with hash `hash` and `cells` covering cells; else a 400. */
export function decodeNearCursor(raw: string, hash: string, cells: number): NearCursor {
  const parsed = NearCursorSchema.safeParse(decodeJsonCursor(raw));
  if (!parsed.success || parsed.data.q !== hash || parsed.data.x.some((index) => index >= cells)) throw invalidCursor();
  return parsed.data;
}

/**
 * A nearest-first radius search's position (sort=distance, near-order.ts): the last event returned (its exact
 * distance in miles, date and id; date and id empty when the read budget ended the page first, and every event
 * nearer than `m` came before), and the state of the quadtree walk (`t`: which boxes were split, which are done).
 * The cells come from the query; a tree that does not fit them is a 400.
 */
const NearestCursorSchema = z.strictObject({
  v: z.literal(1),
  q: z.string().regex(/^[0-9a-f]{12}$/),
  /** Marks a nearest-first cursor. */
  n: z.literal(2),
  m: z.number().nonnegative().max(1000),
  d: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
  i: z.union([z.literal(''), z.string().regex(ULID)]),
  t: z.string().regex(/^[ods]+$/).max(MAX_TREE_LENGTH),
});
export type NearestCursor = z.infer<typeof NearestCursorSchema>;

export function encodeNearestCursor(cursor: NearestCursor): string {
  return encodeJsonCursor(cursor);
}

/** Decodes a nearest-first cursor issued for the query with hash `hash` over `cells` root cells; else a 400. */
export function decodeNearestCursor(raw: string, hash: string, cells: number): NearestCursor {
  const parsed = NearestCursorSchema.safeParse(decodeJsonCursor(raw));
  if (!parsed.success || parsed.data.q !== hash || (parsed.data.d === '') !== (parsed.data.i === '')) throw invalidCursor();
  try {
    decodeTree(parsed.data.t, cells);
  } catch {
    throw invalidCursor();
  }
  return parsed.data;
}

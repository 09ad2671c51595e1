/**
 * Opaque list cursors. A cursor carries only a position (DESIGN section 12): the partition always comes from
 * the caller, so a cursor can never open another user's items. Every cursor is base64url text; anything
 * that does not decode is the same 400 naming the `cursor` query field.
 */
import { BadRequestError } from './errors.ts';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The one answer to a cursor that is not ours. */
export function invalidCursor(): BadRequestError {
  return new BadRequestError('Some fields are not valid', { 'query.cursor': ['cursor is not valid: it belongs to another search or is out of date; ask for the first page again, without a cursor'] });
}

export function encodeCursorText(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The text inside a cursor; the caller still checks its shape (and throws invalidCursor()). */
export function decodeCursorText(raw: string): string {
  if (!BASE64URL.test(raw)) throw invalidCursor();
  return Buffer.from(raw, 'base64url').toString('utf8');
}

/** A position that is a JSON value (a LastEvaluatedKey, a planner state), as a cursor. */
export function encodeJsonCursor(value: unknown): string {
  return encodeCursorText(JSON.stringify(value));
}

/** The JSON value inside a cursor; its shape is for the caller to check (a zod schema). */
export function decodeJsonCursor(raw: string): unknown {
  const text = decodeCursorText(raw);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidCursor();
  }
}

/**
 * A Query's LastEvaluatedKey as a cursor, for an index whose sort key does not name the item's table key (a
 * start key must hold both; lib/index-page.ts serves the indexes whose sort key does). `{ k: <key> }`.
 */
export function encodeIndexKeyCursor(key: Record<string, unknown>): string {
  return encodeJsonCursor({ k: key });
}

/**
 * The start key in such a cursor, checked: the table key and this index's two keys, all non-empty text, in
 * the index partition the caller reads. A cursor of another list is refused, and so is a forged key, which DynamoDB would
 * otherwise answer with a validation error (a 500).
 */
export function decodeIndexKeyCursor(raw: string, index: string, partition: string): Record<string, string> {
  const key = (decodeJsonCursor(raw) as { k?: unknown } | null)?.k;
  const names = ['PK', 'SK', `${index}PK`, `${index}SK`];
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw invalidCursor();
  const entries = Object.entries(key);
  if (entries.length !== names.length || !entries.every(([name, value]) => names.includes(name) && typeof value === 'string' && value !== '')) throw invalidCursor();
  const checked = Object.fromEntries(entries) as Record<string, string>;
  if (checked[`${index}PK`] !== partition) throw invalidCursor();
  return checked;
}

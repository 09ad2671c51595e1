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

/**
 * The opaque cursor of the admin events list: the partition driving the list, the last position read in it
 * ('<createdAt>#<id>') and how many rows earlier pages showed, bound to the filters by a short hash. A cursor
 * of other filters, or naming a partition these filters would never read, is a 400: the partition always
 * comes from the query, never from the cursor alone.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { ULID_SOURCE } from '#shared/ids';
import { decodeJsonCursor, encodeJsonCursor, invalidCursor } from '#lib/cursor';

/** A position in an admin partition: '<ISO createdAt>#<id>'. */
const POSITION = new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[0-9:.]+(Z|[+-]\\d{2}:\\d{2})#${ULID_SOURCE}$`);

const CursorSchema = z.strictObject({
  v: z.literal(1),
  q: z.string().regex(/^[0-9a-f]{12}$/),
  d: z.string().min(1).max(120),
  a: z.string().regex(POSITION),
  n: z.number().int().nonnegative().max(10_000_000),
});
export type AdminListCursor = z.infer<typeof CursorSchema>;

export function filtersHash(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 12);
}

export const encodeAdminCursor = (cursor: AdminListCursor) => encodeJsonCursor(cursor);

export function decodeAdminCursor(raw: string, hash: string, drivers: readonly string[]): AdminListCursor {
  const parsed = CursorSchema.safeParse(decodeJsonCursor(raw));
  if (!parsed.success || parsed.data.q !== hash || !drivers.includes(parsed.data.d)) throw invalidCursor();
  return parsed.data;
}

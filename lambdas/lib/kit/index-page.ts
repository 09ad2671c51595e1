/**
 * One page of a secondary-index partition with an opaque cursor: the cursor carries the last item's index sort
 * key (a position only; the partition always comes from the caller, DESIGN section 12), and one item more than
 * a page is read so that the last page has no cursor to an empty one. A filtered page (options.filter) may hold
 * fewer items than a page, or none, with a cursor to go on.
 */
import { decodeCursorText, decodeIndexKeyCursor, encodeCursorText, encodeIndexKeyCursor, invalidCursor } from '#lib/cursor';
import { table } from './table.ts';

export interface IndexPageOptions {
  readonly index: 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4' | 'GSI5';
  readonly partition: string;
  /** What a cursor's sort key must look like; its groups give the item's table key (keyOf). */
  readonly cursorPattern: RegExp;
  /** The table key of the item a cursor's sort key names. */
  readonly keyOf: (match: RegExpExecArray) => Record<string, string>;
  readonly newestFirst: boolean;
  readonly pageSize: number;
  /**
   * A FilterExpression on the partition's items (with its values). A filtered page reads at most `pageSize`
   * items and answers those that match, so its cost stays bounded; the cursor names the last item read.
   */
  readonly filter?: { readonly expression: string; readonly values: Readonly<Record<string, unknown>> };
  /**
   * Read exactly a page, not one item more (default false): the cursor is then DynamoDB's LastEvaluatedKey,
   * so a page that ends the partition exactly may still offer a cursor (to an empty page).
   */
  readonly exactLimit?: boolean;
  /**
   * Offer a cursor whenever DynamoDB stopped early too (a LastEvaluatedKey with no more than a page read, as
   * at its 1 MB limit), not only when the extra item came back (default false).
   */
  readonly cursorWhenTruncated?: boolean;
  /** Refuse an empty cursor (`?cursor=`) as invalid instead of reading the first page (default false). */
  readonly refuseEmptyCursor?: boolean;
}

export async function queryIndexPage(options: IndexPageOptions, cursor: string | undefined): Promise<{ items: Record<string, unknown>[]; nextCursor?: string }> {
  const { index, partition, pageSize } = options;
  let startKey: Record<string, unknown> | undefined;
  if (cursor || (cursor === '' && options.refuseEmptyCursor)) {
    const text = decodeCursorText(cursor);
    const match = options.cursorPattern.exec(text);
    if (!match) throw invalidCursor();
    startKey = { ...options.keyOf(match), [`${index}PK`]: partition, [`${index}SK`]: text };
  }
  const { filter } = options;
  const exact = filter !== undefined || options.exactLimit === true;
  const { Items = [], LastEvaluatedKey } = await table.query({
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk`,
    ExpressionAttributeValues: { ':pk': partition, ...filter?.values },
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ScanIndexForward: !options.newestFirst,
    Limit: exact ? pageSize : pageSize + 1,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  });
  if (exact) return { items: Items, ...(LastEvaluatedKey ? { nextCursor: encodeCursorText(String(LastEvaluatedKey[`${index}SK`])) } : {}) };
  const items = Items.slice(0, pageSize);
  const last = items.at(-1);
  const more = Items.length > pageSize || (options.cursorWhenTruncated === true && LastEvaluatedKey !== undefined);
  return { items, ...(more && last ? { nextCursor: encodeCursorText(String(last[`${index}SK`])) } : {}) };
}

export interface KeyCursorPageOptions {
  readonly index: 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4' | 'GSI5';
  readonly partition: string;
  readonly newestFirst: boolean;
  readonly limit: number;
}

/**
 * One page of an index partition whose sort key does not name the item's table key: the cursor is the
 * LastEvaluatedKey itself (cursor.ts, checked to be of this index and partition), read exactly `limit` items.
 */
export async function queryKeyCursorPage(options: KeyCursorPageOptions, cursor: string | undefined): Promise<{ items: Record<string, unknown>[]; nextCursor?: string }> {
  const { index, partition } = options;
  const startKey = cursor ? decodeIndexKeyCursor(cursor, index, partition) : undefined;
  const { Items = [], LastEvaluatedKey } = await table.query({
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: !options.newestFirst,
    Limit: options.limit,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  });
  return { items: Items, ...(LastEvaluatedKey ? { nextCursor: encodeIndexKeyCursor(LastEvaluatedKey) } : {}) };
}

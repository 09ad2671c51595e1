/**
 * One page of a secondary-index partition with an opaque cursor: the cursor carries the last item's index sort
 * key (a position only; the partition always comes from the caller, DESIGN section 12), and one item more than
 * a page is read so that the last page has no cursor to an empty one. A filtered page (options.filter) may hold
 * fewer items than a page, or none, with a cursor to go on.
 */
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
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
}

export async function queryIndexPage(options: IndexPageOptions, cursor: string | undefined): Promise<{ items: Record<string, unknown>[]; nextCursor?: string }> {
  const { index, partition, pageSize } = options;
  let startKey: Record<string, unknown> | undefined;
  if (cursor) {
    const text = decodeCursorText(cursor);
    const match = options.cursorPattern.exec(text);
    if (!match) throw invalidCursor();
    startKey = { ...options.keyOf(match), [`${index}PK`]: partition, [`${index}SK`]: text };
  }
  const { filter } = options;
  const { Items = [], LastEvaluatedKey } = await table.query({
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk`,
    ExpressionAttributeValues: { ':pk': partition, ...filter?.values },
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ScanIndexForward: !options.newestFirst,
    Limit: filter ? pageSize : pageSize + 1,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  });
  if (filter) return { items: Items, ...(LastEvaluatedKey ? { nextCursor: encodeCursorText(String(LastEvaluatedKey[`${index}SK`])) } : {}) };
  const items = Items.slice(0, pageSize);
  const last = items.at(-1);
  return { items, ...(Items.length > pageSize && last ? { nextCursor: encodeCursorText(String(last[`${index}SK`])) } : {}) };
}

/**
 * The single-table kit: the one place that names the table, sends its commands and loops over its pages or
 * retries. Data modules (lambdas/data) declare their entities with it (entity.ts; a module whose items do not
 * fit, such as counters or postings without a schema, says why at its head) and never build a command, a
 * TableName or a retry loop of their own. Modules: table.ts (the commands, TableName filled in; whole
 * partitions page by page), transact.ts (transactions: rebuilt and retried with backoff on lost races,
 * failed conditions mapped to typed errors), entity.ts (an entity declared once: key builder, index keys,
 * the zod schema of its item), index-page.ts (one page of a partition with an opaque cursor),
 * budgeted-query.ts (the filtered, read-unit-counting read), batch-get.ts / batch-write.ts (BatchGetItem and
 * BatchWriteItem with their leftovers asked for again), counter-update.ts (counters moved by ADD).
 *
 * Why our own kit rather than ElectroDB or dynamodb-toolbox: both own the stored item. ElectroDB composes
 * keys from its attribute templates and adds its `__edb_e__`/`__edb_v__` identifiers; dynamodb-toolbox adds
 * its entity and `_ct`/`_md` attributes unless each is switched off, and both describe items in their own
 * schema language, so every entity would be declared twice (theirs and the zod schema the API shares). Our
 * stored shapes must not change (no migration framework yet), our conditions are hand-written expressions
 * (version checks, if_not_exists, counters ADDed in the same transaction) that we would pass through raw
 * anyway, and each Lambda would carry the library. What we lacked was one home for TableName, the retry
 * loop and the page loops; that is a few small modules over @aws-sdk/lib-dynamodb.
 */
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#lib/dynamo';

/**
 * A command's input without the table: the kit fills it in (a TableName still set by code not yet migrated
 * is overwritten with the same name).
 */
export type TableInput<T> = Omit<T, 'TableName'> & { readonly TableName?: string };
export type Item = Record<string, unknown>;
/** How one call is sent: an abort signal for a caller with a deadline of its own (the health check). */
export interface SendOptions {
  readonly abortSignal?: AbortSignal;
}
/** A table key (PK and SK), or an index's start key. */
export type TableKey = Record<string, string>;

/**
 * The table's single-item commands and its Query, with TableName filled in; the answers are DynamoDB's own
 * (ConsumedCapacity, Attributes...), so a caller that counts read units or reads old values still can.
 */
export const table = {
  get: (input: TableInput<GetCommandInput>, options?: SendOptions) => db.send(new GetCommand({ ...input, TableName: tableName }), options),
  put: (input: TableInput<PutCommandInput>, options?: SendOptions) => db.send(new PutCommand({ ...input, TableName: tableName }), options),
  update: (input: TableInput<UpdateCommandInput>, options?: SendOptions) => db.send(new UpdateCommand({ ...input, TableName: tableName }), options),
  delete: (input: TableInput<DeleteCommandInput>, options?: SendOptions) => db.send(new DeleteCommand({ ...input, TableName: tableName }), options),
  query: (input: TableInput<QueryCommandInput>, options?: SendOptions) => db.send(new QueryCommand({ ...input, TableName: tableName }), options),
};

/** The stored item at `key`, if any. */
export async function getItem(key: TableKey, options: { readonly consistent?: boolean } = {}): Promise<Item | undefined> {
  const { Item } = await table.get({ Key: key, ...(options.consistent ? { ConsistentRead: true } : {}) });
  return Item;
}

/**
 * Every item a Query selects, one DynamoDB page (up to 1 MB) at a time, for work that must see a whole
 * partition (a CSV export, a user's items being deleted) without holding it in memory or reaching for a Scan.
 * The next page is read only when the consumer asks for it.
 */
export async function* queryPages(input: Omit<TableInput<QueryCommandInput>, 'ExclusiveStartKey'>): AsyncGenerator<Item[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.query({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) });
    startKey = page.LastEvaluatedKey;
    yield (page.Items ?? []) as Item[];
  } while (startKey);
}

/** Every item a Query selects, read page after page (for partitions known to be small). */
export async function queryAll(input: Omit<TableInput<QueryCommandInput>, 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

/**
 * One BatchGetItem (at most 100 keys) that reports the read units it consumed, for a page with a read budget
 * (the search). Keys DynamoDB leaves unprocessed are not asked for again: the page answers without them, as
 * it would past its budget; batch-get.ts is the read that must see every item.
 */
export async function batchGetOnce(keys: readonly TableKey[], options: { readonly projection?: string } = {}): Promise<{ items: Item[]; readUnits: number }> {
  const { Responses, ConsumedCapacity } = await db.send(
    new BatchGetCommand({
      RequestItems: { [tableName]: { Keys: [...keys], ...(options.projection ? { ProjectionExpression: options.projection } : {}) } },
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  return { items: (Responses?.[tableName] ?? []) as Item[], readUnits: (ConsumedCapacity ?? []).reduce((sum, used) => sum + (used.CapacityUnits ?? 0), 0) };
}

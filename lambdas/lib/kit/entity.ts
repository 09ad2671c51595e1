/**
 * An entity declared once: its `entity` tag, its key builder, the index keys its items carry and the zod
 * schema of what it is. From that it reads (get, batch get, a page of a partition or index, with a cursor) and
 * writes (put, update) its items. Reading keeps exactly the schema's fields (lib/item.ts), so keys and index
 * helpers never leak into API answers; writing lays the value, the keys, the tag and the index keys side by
 * side, the stored shape every module already wrote by hand.
 */
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { itemReader, schemaFields } from '#lib/item';
import { batchGetItems, type BatchGetOptions } from './batch-get.ts';
import { queryIndexPage, type IndexPageOptions } from './index-page.ts';
import { table, type Item, type TableInput, type TableKey } from './table.ts';

interface EntityBase<T, KeyArgs extends unknown[], Stored extends T> {
  /** The `entity` attribute of its items, for anyone reading the table. */
  readonly name: string;
  /** The item's table key. */
  readonly key: (...args: KeyArgs) => TableKey;
  /** The index keys an item carries (sparse: leave an index out when the item is not in it). */
  readonly indexKeys?: (value: Stored) => Readonly<Record<string, string>>;
}

/**
 * The value's fields: the zod object schema (reads keep only its fields), or, for a module that must stay free
 * of zod at run time (the sign-up trigger's profile), the schema's field names as a list the compiler checks.
 */
type EntityFields<T> =
  | { readonly schema: { readonly shape: Readonly<Record<keyof T & string, unknown>> }; readonly fields?: never }
  | { readonly fields: readonly (keyof T & string)[]; readonly schema?: never };

/**
 * `Stored` is what a written value carries at least, when the index keys need more than the schema (the
 * submitter of a suggestion names its list); reads still keep only the schema's fields.
 */
export type EntitySpec<T, KeyArgs extends unknown[], Stored extends T = T> = EntityBase<T, KeyArgs, Stored> & EntityFields<T>;

export interface WriteCondition {
  readonly condition?: string;
  readonly names?: Record<string, string>;
  readonly values?: Record<string, unknown>;
}

export interface Entity<T, KeyArgs extends unknown[], Stored extends T = T> {
  readonly name: string;
  readonly key: (...args: KeyArgs) => TableKey;
  /** The value of a stored item: the schema's fields only. */
  readonly read: (item: Readonly<Item>) => T;
  /**
   * The stored item of a value at `key`: key, tag, value, index keys. The value may carry more than the
   * schema (what an item keeps for the table's readers, a claimant for the admins' queue); reads drop it.
   */
  item<V extends Stored>(key: TableKey, value: V): Item;
  get(key: TableKey, options?: { readonly consistent?: boolean }): Promise<T | undefined>;
  batchGet(keys: readonly TableKey[], options?: BatchGetOptions): Promise<T[]>;
  put<V extends Stored>(key: TableKey, value: V, condition?: WriteCondition): Promise<void>;
  /** An UpdateItem of one item; answers its attributes when ReturnValues asks for them. */
  update(key: TableKey, input: Omit<TableInput<UpdateCommandInput>, 'Key'>): Promise<Item | undefined>;
  /** One page of an index partition, read through the schema (lib/kit/index-page.ts). */
  queryPage(options: IndexPageOptions, cursor: string | undefined): Promise<{ items: T[]; nextCursor?: string }>;
}

export function defineEntity<T, KeyArgs extends unknown[], Stored extends T = T>(spec: EntitySpec<T, KeyArgs, Stored>): Entity<T, KeyArgs, Stored> {
  const read = itemReader<T>(spec.schema ? schemaFields<T>(spec.schema) : spec.fields!);
  const item = <V extends Stored>(key: TableKey, value: V): Item => ({ ...key, entity: spec.name, ...(value as Item), ...spec.indexKeys?.(value) });
  return {
    name: spec.name,
    key: spec.key,
    read,
    item,
    async get(key, options = {}) {
      const { Item: found } = await table.get({ Key: key, ...(options.consistent ? { ConsistentRead: true } : {}) });
      return found ? read(found) : undefined;
    },
    async batchGet(keys, options) {
      return (await batchGetItems(keys, options)).map(read);
    },
    async put(key, value, condition = {}) {
      await table.put({
        Item: item(key, value),
        ...(condition.condition ? { ConditionExpression: condition.condition } : {}),
        ...(condition.names ? { ExpressionAttributeNames: condition.names } : {}),
        ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
      });
    },
    async update(key, input) {
      const { Attributes } = await table.update({ ...input, Key: key });
      return Attributes;
    },
    async queryPage(options, cursor) {
      const page = await queryIndexPage(options, cursor);
      return { items: page.items.map(read), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    },
  };
}

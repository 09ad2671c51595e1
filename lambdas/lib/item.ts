/**
 * Item <-> object mapping shared by the entity modules (lambdas/data). A stored item is the entity's fields
 * plus attributes that exist for the table's sake: its keys (PK, SK, GSI<n>PK/SK), an `entity` tag and
 * per-entity index helpers (an event's searchText). Reading an item back keeps exactly the fields of the
 * entity's zod schema, so none of those leak into API answers and a new index key needs no change here.
 */

/** The field names of an object schema (zod's `shape`), in order. */
export function schemaFields<T>(schema: { readonly shape: Readonly<Record<keyof T & string, unknown>> }): readonly (keyof T & string)[] {
  return Object.keys(schema.shape) as (keyof T & string)[];
}

/** Builds the reader of one entity's items: only `fields` are kept, and only when set. */
export function itemReader<T>(fields: readonly (keyof T & string)[]): (item: Readonly<Record<string, unknown>>) => T {
  return (item) => {
    const picked: Record<string, unknown> = {};
    for (const field of fields) if (item[field] !== undefined) picked[field] = item[field];
    return picked as T;
  };
}

/**
 * The one way counters move: an UpdateItem that ADDs each delta to its attribute (DynamoDB creates the item
 * and the attribute at 0 the first time), so concurrent writers never lose a count and nobody reads first.
 */
import { tableName } from '#lib/dynamo';

export interface CounterUpdate {
  readonly TableName: string;
  readonly Key: Record<string, string>;
  readonly UpdateExpression: string;
  readonly ExpressionAttributeNames: Record<string, string>;
  readonly ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * The update that adds these deltas to the counters at `key` (zero deltas left out; undefined when nothing
 * moves). `entity` names the item's kind, set as it is created, for anyone reading the table.
 */
export function counterUpdate(key: Record<string, string>, deltas: Iterable<readonly [string, number]> | Readonly<Record<string, number>>, entity?: string): CounterUpdate | undefined {
  const pairs = Symbol.iterator in deltas ? [...(deltas as Iterable<readonly [string, number]>)] : Object.entries(deltas);
  const moves = pairs.filter(([, delta]) => delta !== 0);
  if (moves.length === 0) return undefined;
  return {
    TableName: tableName,
    Key: key,
    UpdateExpression: `ADD ${moves.map((_, index) => `#c${index} :c${index}`).join(', ')}${entity ? ' SET entity = :entity' : ''}`,
    ExpressionAttributeNames: Object.fromEntries(moves.map(([name], index) => [`#c${index}`, name])),
    ExpressionAttributeValues: { ...Object.fromEntries(moves.map(([, delta], index) => [`:c${index}`, delta])), ...(entity ? { ':entity': entity } : {}) },
  };
}

/** The same, as the zero or one TransactItems of a transaction. */
export function counterUpdateItems(...args: Parameters<typeof counterUpdate>): { Update: CounterUpdate }[] {
  const update = counterUpdate(...args);
  return update ? [{ Update: update }] : [];
}

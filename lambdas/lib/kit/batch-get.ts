/**
 * Reads items by key with BatchGetItem: 100 keys a call, and the keys DynamoDB hands back unprocessed (under
 * throttling) asked for again after a backoff, so a caller never silently gets fewer items than exist.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { backoff } from '#lib/backoff';
import { db, tableName } from '#lib/dynamo';
import { chunksOf } from '#shared/chunks';

const BATCH_GET_LIMIT = 100;
const BATCH_GET_ATTEMPTS = 8;

export interface BatchGetOptions {
  readonly consistent?: boolean;
  /** Only these attributes (a ProjectionExpression). */
  readonly projection?: string;
  /** Names the projection stands for with #placeholders (reserved words such as `name`). */
  readonly names?: Record<string, string>;
  /** Calls per 100 keys before giving up on leftovers (default 8). */
  readonly attempts?: number;
  /** Whether to wait a backoff before asking for leftovers again (default true). */
  readonly backoff?: boolean;
  /** The error when leftovers remain after the last attempt (default: how many keys were left). */
  readonly onExhausted?: (unprocessed: number) => Error;
}

/** The stored items of these keys that exist, in no particular order. */
export async function batchGetItems(keys: readonly Record<string, unknown>[], { consistent = false, projection, names, attempts = BATCH_GET_ATTEMPTS, backoff: waits = true, onExhausted }: BatchGetOptions = {}): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (const chunk of chunksOf(keys, BATCH_GET_LIMIT)) {
    let pending = chunk;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= attempts) throw onExhausted?.(pending.length) ?? new Error(`BatchGet left ${pending.length} keys unprocessed`);
      if (attempt > 0 && waits) await backoff(attempt);
      const { Responses, UnprocessedKeys } = await db.send(
        new BatchGetCommand({
          RequestItems: { [tableName]: { Keys: pending, ...(consistent ? { ConsistentRead: true } : {}), ...(projection ? { ProjectionExpression: projection } : {}), ...(names ? { ExpressionAttributeNames: names } : {}) } },
        }),
      );
      found.push(...(Responses?.[tableName] ?? []));
      pending = (UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
}

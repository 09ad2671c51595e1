/**
 * Puts or deletes many items with BatchWriteItem: not atomic, so only for items whose writer can finish or redo them
 * (a seed before anyone reads, the index of events created together, see data/event.ts). Items go 25 to a
 * request with a few requests in flight (one at a time leaves the database idle during every round trip);
 * whatever DynamoDB hands back unprocessed (throttling) is sent again with backoff.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { backoff } from '#lib/backoff';
import { db, tableName } from '#lib/dynamo';
import { chunksOf } from '#shared/chunks';

/** BatchWriteItem takes at most 25 requests a call. */
const BATCH_SIZE = 25;
/** Requests in flight at once by default: four cut the local seed by about a third against one. */
const BATCHES_IN_FLIGHT = 4;

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Runs `work` over `items` with at most `inFlight` at once; the first failure stops new work and rethrows. */
export async function inParallel<T>(items: readonly T[], inFlight: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, worker));
}

/** Writes one batch of at most 25 items, retrying whatever DynamoDB hands back unprocessed. */
async function writeBatch(batch: readonly WriteRequest[]): Promise<void> {
  let requests = [...batch];
  for (let attempt = 0; requests.length > 0; attempt += 1) {
    if (attempt > 0) await backoff(attempt, { baseMs: 50, maxMs: 1000, jitter: false });
    const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
    requests = (UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
  }
}

/** Sends the requests 25 to a batch; after a failure no further batch starts and the error is rethrown. */
async function inBatches(requests: readonly WriteRequest[], inFlight: number): Promise<void> {
  await inParallel(chunksOf(requests, BATCH_SIZE), inFlight, writeBatch);
}

/** Puts every item; after a failure no further batch starts and the error is rethrown. */
export async function putInBatches(items: readonly Record<string, unknown>[], inFlight = BATCHES_IN_FLIGHT): Promise<void> {
  await inBatches(items.map((Item) => ({ PutRequest: { Item } })), inFlight);
}

/** Deletes every item of these keys (deleting one that is gone is not an error). */
export async function deleteInBatches(keys: readonly Record<string, string>[], inFlight = BATCHES_IN_FLIGHT): Promise<void> {
  await inBatches(keys.map((Key) => ({ DeleteRequest: { Key } })), inFlight);
}

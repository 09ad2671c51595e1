/**
 * Reads every item a Query selects, one DynamoDB page (up to 1 MB) at a time, for work that must see a whole
 * partition (a CSV export) without holding it in memory or reaching for a Scan.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './dynamo.ts';

export type Item = Record<string, unknown>;

/** Yields the items of each page in turn; the next page is read only when the consumer asks for it. */
export async function* queryPages(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): AsyncGenerator<Item[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    startKey = page.LastEvaluatedKey;
    yield (page.Items ?? []) as Item[];
  } while (startKey);
}

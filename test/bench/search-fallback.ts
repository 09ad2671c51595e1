/**
 * Used only while lambdas/events/event-search.ts does not exist: the filter-only kinds measured as the plain
 * index reads they would be (GSI1 verified-by-date, GSI2 state-by-date, 50 items, read units from
 * ReturnConsumedCapacity); text kinds cannot be measured without the search and report so.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EventSummary } from '#shared/schemas/search';
import type { SearchFn } from './search-bench.ts';

export async function fallbackSearch(): Promise<SearchFn> {
  const { db, tableName } = await import('../../lambdas/lib/dynamo.ts');
  return async (query, { today }) => {
    if (query.q || query.type || query.terrain || query.distance) throw new Error('search not built yet (lambdas/events/event-search.ts missing)');
    const from = query.from && query.from > today ? query.from : today;
    const to = `${query.to ?? '9999-12-31'}#~`;
    const byState = Boolean(query.state);
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: byState ? 'GSI2' : 'GSI1',
        KeyConditionExpression: `#pk = :pk AND #sk BETWEEN :from AND :to`,
        ExpressionAttributeNames: { '#pk': byState ? 'GSI2PK' : 'GSI1PK', '#sk': byState ? 'GSI2SK' : 'GSI1SK' },
        ExpressionAttributeValues: { ':pk': byState ? `STATE#${query.state}` : 'EVENTS#VERIFIED', ':from': from, ':to': to },
        Limit: 50,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    const items = (result.Items ?? []) as EventSummary[];
    return {
      page: { items, ...(result.LastEvaluatedKey ? { nextCursor: JSON.stringify(result.LastEvaluatedKey) } : {}) },
      stats: { readUnits: result.ConsumedCapacity?.CapacityUnits ?? 0, itemsRead: result.ScannedCount ?? 0, itemsReturned: items.length, queries: 1 },
    };
  };
}

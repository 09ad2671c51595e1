/**
 * What a data migration is: a change to stored items that this version's code needs (a new index layout, keys a
 * new query reads), made over the whole table in small resumable steps. Each step does a bounded amount of work
 * from a cursor and says where the next one starts; the runner (runner.ts) keeps the cursor after every step, so
 * a migration killed halfway resumes at the step it was in. A step must be idempotent: the step a kill interrupts
 * runs again.
 */
import type { ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { table, type Item } from '#lib/kit/table';

export interface MigrationStep {
  /** Where the next step starts; absent when the migration is done. */
  readonly cursor?: string;
  /** Items this step changed. */
  readonly changed: number;
}

export interface Migration {
  /** Ordered by id: '0001-profile-search-keys'. The file under lambdas/migrations/ has the same name. */
  readonly id: string;
  readonly summary: string;
  step(cursor: string | undefined): Promise<MigrationStep>;
}

/** Items a scan step reads at most: about a second of work, well inside a Lambda's time. */
export const SCAN_PAGE_ITEMS = 500;

/**
 * One page of a Scan of the whole table, for migrations whose items no index lists (items stored before the
 * index existed): the matching items and the cursor of the next page. The cursor is the page's last key.
 */
export async function scanPage(
  filter: Pick<ScanCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
  cursor: string | undefined,
): Promise<{ items: Item[]; cursor?: string }> {
  const page = await table.scan({
    ...filter,
    Limit: SCAN_PAGE_ITEMS,
    ...(cursor ? { ExclusiveStartKey: JSON.parse(cursor) as Record<string, unknown> } : {}),
  });
  return { items: page.Items ?? [], ...(page.LastEvaluatedKey ? { cursor: JSON.stringify(page.LastEvaluatedKey) } : {}) };
}

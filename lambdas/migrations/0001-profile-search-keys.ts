/**
 * The admins' user search (GSI4 by e-mail, GSI5 by name) reads keys that profiles stored before it lack: each
 * profile without them gets them. Profiles are all listed in GSI1 (USERS), a page a step.
 */
import { ALL_USERS_PARTITION, fromProfileItem, setNameSearchKeys } from '#data/profile';
import { table } from '#lib/kit/table';
import type { Migration } from './migration.ts';

const PAGE = 200;

export const profileSearchKeys: Migration = {
  id: '0001-profile-search-keys',
  summary: 'Profiles get the e-mail and name keys the admins’ user search reads',
  async step(cursor) {
    const page = await table.query({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :all',
      ExpressionAttributeValues: { ':all': ALL_USERS_PARTITION },
      Limit: PAGE,
      ...(cursor ? { ExclusiveStartKey: JSON.parse(cursor) as Record<string, unknown> } : {}),
    });
    const missing = (page.Items ?? []).filter((item) => item.GSI4PK === undefined);
    for (const item of missing) await setNameSearchKeys(fromProfileItem(item));
    return { changed: missing.length, ...(page.LastEvaluatedKey ? { cursor: JSON.stringify(page.LastEvaluatedKey) } : {}) };
  },
};

/**
 * The organizations' directory (GSI1 ORGS by name, and name word postings) reads keys that organizations stored
 * before it lack: each organization without them is listed again (indexOrganizationName). Unlisted ones are
 * found by scanning the table, a page a step.
 */
import { fromOrganizationItem, indexOrganizationName } from '#data/organization';
import { scanPage, type Migration } from './migration.ts';

export const organizationLists: Migration = {
  id: '0003-organization-lists',
  summary: 'Organizations get the keys of the organizations’ directory and their name search',
  async step(cursor) {
    const page = await scanPage(
      { FilterExpression: 'entity = :organization AND attribute_not_exists(GSI1PK)', ExpressionAttributeValues: { ':organization': 'organization' } },
      cursor,
    );
    for (const item of page.items) await indexOrganizationName(fromOrganizationItem(item));
    return { changed: page.items.length, ...(page.cursor ? { cursor: page.cursor } : {}) };
  },
};

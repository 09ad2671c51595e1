/**
 * The organizations' directory sorts and searches by name (GSI1 ORGS by organizationPosition, and name word
 * postings); organizations stored when it listed them by id alone lack both. Every organization is listed again
 * (indexOrganizationName), a page of GSI1 ORGS a step. An organization this moves from its id's place to its name's
 * sorts later (names start with letters or digits above the ids' leading 0), so the walk meets it again, harmlessly.
 */
import { indexOrganizationName, storedOrganizationPage } from '#data/organization';
import { MIGRATION_PAGE, type Migration } from './migration.ts';

export const organizationLists: Migration = {
  id: '0003-organization-lists',
  summary: 'Organizations get the keys of the organizations’ directory and their name search',
  async step(cursor) {
    const page = await storedOrganizationPage(cursor, MIGRATION_PAGE);
    for (const organization of page.items) await indexOrganizationName(organization);
    return { changed: page.items.length, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) };
  },
};

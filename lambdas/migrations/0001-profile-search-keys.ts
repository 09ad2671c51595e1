/**
 * The admins' user search (GSI4 by e-mail, GSI5 by name) reads keys that profiles stored before it lack: each
 * profile without them gets them. Profiles are all listed in GSI1 (USERS), a page a step.
 */
import { fromProfileItem, setNameSearchKeys, storedProfilePage } from '#data/profile';
import { MIGRATION_PAGE, type Migration } from './migration.ts';

export const profileSearchKeys: Migration = {
  id: '0001-profile-search-keys',
  summary: 'Profiles get the e-mail and name keys the admins’ user search reads',
  async step(cursor) {
    const page = await storedProfilePage(cursor, MIGRATION_PAGE);
    const missing = page.items.filter((item) => item.GSI4PK === undefined);
    for (const item of missing) await setNameSearchKeys(fromProfileItem(item));
    return { changed: missing.length, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) };
  },
};

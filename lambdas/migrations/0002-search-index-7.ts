/**
 * Search index layout 7 (lambdas/data/search-index.ts SEARCH_INDEX_VERSION): events written under an older layout
 * lack postings the search reads (six-letter terms, word forms, geo cells, the featured, tag, organization and
 * rated partitions) and the admin list's index. Every event is written again as this code lays it out
 * (reindexEvents), a page of the all-events index (GSI3) a step.
 */
import { reindexEvents, storedEventPage } from '#data/event';
import { MIGRATION_PAGE, type Migration } from './migration.ts';

export const searchIndex7: Migration = {
  id: '0002-search-index-7',
  summary: 'Events are indexed again under search index layout 7 (geo, featured, tag, organization and rated postings)',
  async step(cursor) {
    const page = await storedEventPage(cursor, MIGRATION_PAGE);
    const changed = await reindexEvents(page.items);
    return { changed, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) };
  },
};

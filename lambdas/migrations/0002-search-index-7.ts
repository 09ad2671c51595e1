/**
 * Search index layout 7 (lambdas/data/search-index.ts SEARCH_INDEX_VERSION): events written under an older layout
 * lack postings the search reads (six-letter terms, word forms, geo cells, the featured, tag, organization and
 * rated partitions) and the admin list's index. Each event is brought to this code's layout (reindexEvents), a
 * page of the all-events index (GSI3) a step: one stored before events recorded their layout (`indexVersion`) is
 * written again whole; one that records an older layout gets only the index items of the kinds changed since
 * (search-index.ts SEARCH_INDEX_CHANGES) and its new mark; one at this layout is skipped, so the step a kill
 * interrupts writes nothing twice when it runs again.
 */
import type { Migration } from './migration.ts';
import { reindexEventsStep } from './reindex-events-step.ts';

export const searchIndex7: Migration = {
  id: '0002-search-index-7',
  summary: 'Events are indexed again under search index layout 7 (geo, featured, tag, organization and rated postings)',
  step: reindexEventsStep,
};

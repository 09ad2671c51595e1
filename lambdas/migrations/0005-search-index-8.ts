/**
 * Search index layout 8 (lambdas/data/search-index.ts SEARCH_INDEX_VERSION): public events that close registration
 * on a known day get a posting in that day's partition (IDX#CLOSES#<date>), which the daily job reads to remind
 * the people who saved them (lambdas/data/registration-reminders.ts). The step is 0002's: each event of
 * a page of the all-events index is brought to this code's layout (reindexEvents), writing only the kinds changed
 * since its own; an event without a registration deadline gains nothing and keeps its mark, and a step run again
 * after a kill writes nothing twice.
 */
import type { Migration } from './migration.ts';
import { reindexEventsStep } from './reindex-events-step.ts';

export const searchIndex8: Migration = {
  id: '0005-search-index-8',
  summary: 'Events that close registration on a known day are indexed by that day (search index layout 8)',
  step: reindexEventsStep,
};

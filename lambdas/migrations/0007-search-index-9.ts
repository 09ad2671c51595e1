/**
 * Search index layout 9 (lambdas/data/search-index.ts SEARCH_INDEX_VERSION): every public event gets a posting in
 * its state's partition of its type and of each of its distance categories (IDX#STATE#<state>#TYPE#<type>,
 * IDX#STATE#<state>#DIST#<category>), so a search by state and kind, as every /races/{state}/{kind} landing page
 * makes, reads only the races it lists. The step is 0002's: each event of a page of the all-events index is brought
 * to this code's layout (reindexEvents), writing only the kinds changed since its own; a step run again after a kill
 * writes nothing twice. An unverified event has no postings, gains nothing and keeps its mark.
 */
import type { Migration } from './migration.ts';
import { reindexEventsStep } from './reindex-events-step.ts';

export const searchIndex9: Migration = {
  id: '0007-search-index-9',
  summary: 'Public events are indexed by state and kind, for the landing pages (search index layout 9)',
  step: reindexEventsStep,
};

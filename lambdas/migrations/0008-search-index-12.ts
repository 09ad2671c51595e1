/**
 * Search index layout 12 (lambdas/data/search-index.ts SEARCH_INDEX_VERSION): every public event with coordinates
 * gets a posting in the nearest-first index (IDX#NEAR#<one-degree cell>, keyed by its quadtree path in the cell),
 * which a radius search sorted by distance reads (lambdas/events/near-order.ts). The step is 0002's: each event of
 * a page of the all-events index is brought to this code's layout (reindexEvents), writing only the kinds changed
 * since its own; a step run again after a kill writes nothing twice. An event without coordinates, or unverified,
 * gains nothing and keeps its mark.
 */
import type { Migration } from './migration.ts';
import { reindexEventsStep } from './reindex-events-step.ts';

export const searchIndex12: Migration = {
  id: '0008-search-index-12',
  summary: 'Public events are indexed by place for the nearest-first order, sort=distance (search index layout 12)',
  step: reindexEventsStep,
};

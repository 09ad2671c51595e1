/**
 * Search index layouts 11 and 12 (lambdas/data/search-index.ts SEARCH_INDEX_VERSION), which shipped together:
 * - 11: every public event gets its price postings (IDX#PRICE, and its state's, distance categories' and type's,
 *   keyed by its price of the day, date and id) for the price order (sort=price), and a race sold in tiers its
 *   reprice postings (IDX#REPRICE#<day>, one per day its price changes), which the daily price job reads
 *   (lambdas/events/daily-prices.ts). A race sold in tiers whose stored fee is an earlier tier's (a deadline passed
 *   since it was written) is written with today's fee first, so its price postings and its item agree (event.ts
 *   reindexEvents).
 * - 12: every public event with coordinates gets a posting in the nearest-first index (IDX#NEAR#<one-degree cell>,
 *   keyed by its quadtree path in the cell), which a radius search sorted by distance reads (lambdas/events/near-order.ts).
 * The step is 0002's: each event of a page of the all-events index is brought to this code's layout (reindexEvents),
 * writing only the kinds changed since its own; a step run again after a kill writes nothing twice. An unverified
 * event has no postings, gains nothing and keeps its mark.
 */
import type { Migration } from './migration.ts';
import { reindexEventsStep } from './reindex-events-step.ts';

export const searchIndex12: Migration = {
  id: '0008-search-index-12',
  summary: 'Public events are indexed by their price of the day and by place, for the price and nearest-first orders (search index layouts 11 and 12)',
  step: reindexEventsStep,
};

/**
 * Search index layout 11 (lambdas/data/search-index.ts SEARCH_INDEX_VERSION): every public event gets its price
 * postings (IDX#PRICE and its state's IDX#PRICE#STATE#<state>, keyed by its price of the day, date and id), for the
 * price order of search (sort=price), and a race sold in tiers its reprice postings (IDX#REPRICE#<day>, one per day
 * its price changes), which the daily price job reads (lambdas/events/daily-prices.ts). A race sold in tiers whose
 * stored fee is an earlier tier's (a deadline passed since it was written) is written with today's fee first, so its
 * price postings and its item agree (event.ts reindexEvents). The step is 0002's: each event of a page of the
 * all-events index is brought to this code's layout, writing only the kinds changed since its own; a step run again
 * after a kill writes nothing twice. An unverified event has no postings, gains nothing and keeps its mark.
 */
import type { Migration } from './migration.ts';
import { reindexEventsStep } from './reindex-events-step.ts';

export const searchIndex11: Migration = {
  id: '0008-search-index-11',
  summary: 'Public events are indexed by their price of the day, for the price order (search index layout 11)',
  step: reindexEventsStep,
};

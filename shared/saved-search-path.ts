/**
 * A saved search's filters, and where its results are: the search page with its filters in the URL, or for a charity search the
 * charity races page, which fixes that tag. The digest e-mail and the saved searches page both link there.
 */
import type { SavedSearchFilters } from './schemas/notifications.ts';

/**
 * What a saved search keeps of the search page's filters, in the order of the /events URL
 * (web/src/features/events/api/event-filters.ts): the store, the new-search check and the web read this one list.
 */
export const SAVED_SEARCH_FILTERS = ['q', 'state', 'type', 'terrain', 'distance', 'elevation', 'tag', 'near', 'radius'] as const satisfies readonly (keyof SavedSearchFilters)[];

/** The filters that say which races match; a radius only measures from `near`. */
export const MATCHING_FILTERS = SAVED_SEARCH_FILTERS.filter((name) => name !== 'radius');

/** The charity tag is the page's own, not the URL's (see savedSearchPath). */
const URL_FILTERS = SAVED_SEARCH_FILTERS.filter((name) => name !== 'tag');

export function savedSearchPath(search: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const key of URL_FILTERS) {
    const value = search[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const path = search.tag === 'charity' ? '/charity-races' : '/events';
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Where a saved search's results are: the search page with its filters in the URL, or for a charity search the
 * charity races page, which fixes that tag. The digest e-mail and the saved searches page both link there.
 */
import type { SavedSearchFilters } from './schemas/notifications.ts';

/** The filters in the order and names of the /events URL (web/src/features/events/api/event-filters.ts). */
const URL_FILTERS = ['q', 'state', 'type', 'terrain', 'distance', 'near', 'radius'] as const satisfies readonly (keyof SavedSearchFilters)[];

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

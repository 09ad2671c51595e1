import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/use-api.ts';
import { eventsArea } from '../../../lib/api-areas/events.ts';
import { toSearchQuery, type EventFilters } from './event-filters.ts';
import { isLastPage } from './result-count.ts';

/** Search results are public: keyed by the filters only, never by the user. */
export function eventSearchQueryKey(filters: EventFilters) {
  return ['events', 'search', filters] as const;
}

/**
 * Pages of GET /api/events for these filters. A new key per filter set means a filter change starts again
 * from the first page; the server's cursor (absent on the last page) says whether more remain.
 */
export function useEventSearch(filters: EventFilters) {
  const api = useApi(eventsArea);
  return useInfiniteQuery({
    queryKey: eventSearchQueryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      api('searchEvents', { query: { ...toSearchQuery(filters), ...(pageParam ? { cursor: pageParam } : {}) } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => (isLastPage(lastPage) ? undefined : lastPage.nextCursor || undefined),
    // The API caches a page for a minute (Cache-Control); going back to a search shows it at once.
    staleTime: 60_000,
  });
}

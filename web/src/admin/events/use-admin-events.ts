/**
 * Pages of GET /api/admin/events for a set of filters, paged by the server's cursors: page n is fetched with
 * the cursor page n-1 returned, so Previous and the visited page numbers reuse known cursors and Next follows
 * the last one. A new filter set starts again from page 1.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../lib/use-api.ts';
import { adminEventsArea } from '../../lib/api-areas/admin-events.ts';
import { toAdminQuery, type AdminEventFilters } from './admin-event-filters.ts';

export const ADMIN_EVENTS_KEY = ['admin', 'events'] as const;

export function useAdminEvents(filters: AdminEventFilters) {
  const api = useApi(adminEventsArea);
  const queryClient = useQueryClient();
  const query = useMemo(() => toAdminQuery(filters), [filters]);
  const filterKey = JSON.stringify(query);
  // cursors[i] opens page i + 1; cursors[0] is the first page (no cursor).
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[]; index: number }>({ key: filterKey, cursors: [undefined], index: 0 });
  const current = paging.key === filterKey ? paging : { key: filterKey, cursors: [undefined], index: 0 };
  useEffect(() => {
    if (paging.key !== filterKey) setPaging({ key: filterKey, cursors: [undefined], index: 0 });
  }, [filterKey, paging.key]);

  const cursor = current.cursors[current.index];
  const result = useQuery({
    queryKey: [...ADMIN_EVENTS_KEY, query, cursor ?? null],
    queryFn: ({ signal }) => api('listAdminEvents', { query: { ...query, ...(cursor ? { cursor } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  const page = result.data;
  const nextCursor = !result.isPlaceholderData ? page?.nextCursor : undefined;
  useEffect(() => {
    if (!nextCursor) return;
    setPaging((state) => {
      if (state.key !== filterKey || state.cursors[state.index + 1] === nextCursor) return state;
      return { ...state, cursors: [...state.cursors.slice(0, state.index + 1), nextCursor] };
    });
  }, [nextCursor, filterKey]);

  const goTo = useCallback(
    (pageNumber: number) => setPaging((state) => (pageNumber >= 1 && pageNumber <= state.cursors.length ? { ...state, index: pageNumber - 1 } : state)),
    [],
  );
  /** After a change: every cached page of every filter set is out of date. */
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ADMIN_EVENTS_KEY }), [queryClient]);

  return {
    ...result,
    pageNumber: current.index + 1,
    pagesKnown: current.cursors.length,
    goTo,
    refresh,
  };
}

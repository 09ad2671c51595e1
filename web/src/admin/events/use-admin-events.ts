/**
 * Pages of GET /api/admin/events for a set of filters, paged by the server's cursors: page n is fetched with
 * the cursor page n-1 returned, so Previous and the visited page numbers reuse known cursors and Next follows
 * the current page's. A new filter set starts again from page 1.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useApi } from '../../lib/use-api.ts';
import { adminEventsArea } from '../../lib/api-areas/admin-events.ts';
import { toAdminQuery, type AdminEventFilters } from './admin-event-filters.ts';

export const ADMIN_EVENTS_KEY = ['admin', 'events'] as const;

interface Paging {
  /** The filters these cursors belong to. */
  readonly key: string;
  /** cursors[i] opens page i + 1; cursors[0] is the first page (no cursor). */
  readonly cursors: readonly (string | undefined)[];
  readonly index: number;
}

export function useAdminEvents(filters: AdminEventFilters) {
  const api = useApi(adminEventsArea);
  const queryClient = useQueryClient();
  const query = useMemo(() => toAdminQuery(filters), [filters]);
  const filterKey = JSON.stringify(query);
  const [stored, setPaging] = useState<Paging>({ key: filterKey, cursors: [undefined], index: 0 });
  // Cursors of other filters mean nothing here: other filters start at page 1.
  const paging: Paging = useMemo(
    () => (stored.key === filterKey ? stored : { key: filterKey, cursors: [undefined], index: 0 }),
    [stored, filterKey],
  );

  const cursor = paging.cursors[paging.index];
  const result = useQuery({
    queryKey: [...ADMIN_EVENTS_KEY, query, cursor ?? null],
    queryFn: ({ signal }) => api('listAdminEvents', { query: { ...query, ...(cursor ? { cursor } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const nextCursor = result.isPlaceholderData ? undefined : result.data?.nextCursor;
  const pagesKnown = Math.max(paging.cursors.length, paging.index + 1 + (nextCursor ? 1 : 0));

  const goTo = useCallback(
    (pageNumber: number) => {
      const index = pageNumber - 1;
      if (index >= 0 && index < paging.cursors.length) setPaging({ ...paging, index });
      else if (index === paging.index + 1 && nextCursor) setPaging({ ...paging, cursors: [...paging.cursors.slice(0, index), nextCursor], index });
    },
    [paging, nextCursor],
  );
  /** After a change: every cached page of every filter set is out of date. */
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ADMIN_EVENTS_KEY }), [queryClient]);

  return { ...result, pageNumber: paging.index + 1, pagesKnown, goTo, refresh };
}

/**
 * Numbered pages over a list the server pages with cursors: page n is fetched with the cursor page n-1
 * returned, so Previous reuses known cursors and Next follows the current page's. Another `filter` (a status
 * tab) starts again from page 1. Admin queues (applications, claims) page this way.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

export function useCursorPages<Page extends { nextCursor?: string }>(
  baseKey: readonly unknown[],
  filter: string,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page>,
) {
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState<{ filter: string; cursors: (string | undefined)[]; index: number }>({ filter, cursors: [undefined], index: 0 });
  const current = paging.filter === filter ? paging : { filter, cursors: [undefined], index: 0 };
  const cursor = current.cursors[current.index];
  const result = useQuery({
    queryKey: [...baseKey, filter, cursor ?? null],
    queryFn: ({ signal }) => fetchPage(cursor, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const nextCursor = result.isPlaceholderData ? undefined : result.data?.nextCursor;
  const pagesKnown = Math.max(current.cursors.length, current.index + 1 + (nextCursor ? 1 : 0));
  const goTo = (pageNumber: number) => {
    const index = pageNumber - 1;
    if (index >= 0 && index < current.cursors.length) setPaging({ ...current, index });
    else if (index === current.index + 1 && nextCursor) setPaging({ ...current, cursors: [...current.cursors.slice(0, index), nextCursor], index });
  };
  /** After a change: every filter's pages may have changed. */
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: baseKey }), [queryClient, baseKey]);
  return { ...result, pageNumber: current.index + 1, pagesKnown, goTo, refresh };
}

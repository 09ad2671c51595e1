/**
 * Pages of GET /api/admin/claims for one status, paged by the server's cursors: page n is fetched with the
 * cursor page n-1 returned, so Previous reuses known cursors and Next follows the current page's. Another
 * status starts again from page 1.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ClaimStatus } from '#shared/schemas/claim';
import { useApi } from '../../lib/use-api.ts';
import { adminClaimsArea } from '../../lib/api-areas/admin-claims.ts';

export const ADMIN_CLAIMS_KEY = ['admin', 'claims'] as const;

export function useAdminClaims(status: ClaimStatus) {
  const api = useApi(adminClaimsArea);
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState<{ status: ClaimStatus; cursors: (string | undefined)[]; index: number }>({ status, cursors: [undefined], index: 0 });
  const current = paging.status === status ? paging : { status, cursors: [undefined], index: 0 };
  const cursor = current.cursors[current.index];
  const result = useQuery({
    queryKey: [...ADMIN_CLAIMS_KEY, status, cursor ?? null],
    queryFn: ({ signal }) => api('listAdminClaims', { query: { status, ...(cursor ? { cursor } : {}) } }, { signal }),
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
  /** After a decision: the queue and the decided lists all changed. */
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ADMIN_CLAIMS_KEY }), [queryClient]);
  return { ...result, pageNumber: current.index + 1, pagesKnown, goTo, refresh };
}

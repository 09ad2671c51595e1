/**
 * The organizer directory: pages of GET /api/organizations for a search (public: keyed by the text only) and
 * an organization's page with its upcoming events, page by page (GET /api/organizations/{id}?cursor=).
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { organizationsArea } from '../../../lib/api-areas/organizations.ts';
import { useApi } from '../../../lib/use-api.ts';
import { usePageData } from '../../../lib/use-page-data.ts';

export function useOrganizationSearch(q: string) {
  const api = useApi(organizationsArea);
  return useInfiniteQuery({
    queryKey: ['organizations', 'search', q],
    queryFn: ({ pageParam, signal }) => api('searchOrganizations', { query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor || undefined,
    // The cards of the last search stay while the next one loads, so typing does not flash the list away.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useOrganization(id: string) {
  const api = useApi(organizationsArea);
  // The organization the server rendered this page with: shown until the app's own answer is in.
  const rendered = usePageData()?.organization;
  return useInfiniteQuery({
    queryKey: ['organizations', 'one', id],
    queryFn: ({ pageParam, signal }) => api('getOrganization', { path: { id }, query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.events.nextCursor || undefined,
    staleTime: 60_000,
    placeholderData: rendered?.id === id ? { pages: [rendered], pageParams: [undefined] } : undefined,
  });
}

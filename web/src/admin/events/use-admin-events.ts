/**
 * Pages of GET /api/admin/events for a set of filters, paged by the server's cursors: page n is fetched with
 * the cursor page n-1 returned, so Previous and the visited page numbers reuse known cursors and Next follows
 * the current page's. A new filter set starts again from page 1.
 *
 * The admin's own changes show at once: the rows they verified, featured or deleted are shown so from the
 * server's answer, and over pages read again until those pages agree. The list reads the admin index, whose
 * partitions are eventually consistent: read right after a change, a row could still say Unverified.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { AdminEventRow, AdminEventsPage } from '#shared/schemas/admin-events';
import { useApi } from '../../lib/use-api.ts';
import { adminEventsArea } from '../../lib/api-areas/admin-events.ts';
import { toAdminQuery, type AdminEventFilters } from './admin-event-filters.ts';

export const ADMIN_EVENTS_KEY = ['admin', 'events'] as const;

/** A change the admin made to a row, from the server's answer: fields it now has, or gone. */
export type RowChange = { readonly fields: Partial<AdminEventRow> } | 'deleted';

const agrees = (row: AdminEventRow, change: RowChange) =>
  change !== 'deleted' && Object.entries(change.fields).every(([name, value]) => row[name as keyof AdminEventRow] === value);

/** The changes a page read from the server does not yet show. */
function settle(changes: ReadonlyMap<string, RowChange>, page: AdminEventsPage): ReadonlyMap<string, RowChange> {
  const settled = page.items.filter((row) => {
    const change = changes.get(row.id);
    return change !== undefined && agrees(row, change);
  });
  if (settled.length === 0) return changes;
  const next = new Map(changes);
  for (const row of settled) next.delete(row.id);
  return next;
}

/** The page as the admin's changes leave it. */
export function withChanges(page: AdminEventsPage, changes: ReadonlyMap<string, RowChange>): AdminEventsPage {
  if (changes.size === 0) return page;
  const items = page.items.flatMap((row) => {
    const change = changes.get(row.id);
    if (!change) return [row];
    return change === 'deleted' ? [] : [{ ...row, ...change.fields }];
  });
  return { ...page, items, total: page.total - (page.items.length - items.length) };
}

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
  const [changes, setChanges] = useState<ReadonlyMap<string, RowChange>>(new Map());
  const result = useQuery({
    queryKey: [...ADMIN_EVENTS_KEY, query, cursor ?? null],
    queryFn: async ({ signal }) => {
      const fetched = await api('listAdminEvents', { query: { ...query, ...(cursor ? { cursor } : {}) } }, { signal });
      // A row read after a change that already says what the change did: the change has nothing left to show.
      setChanges((current) => settle(current, fetched));
      return fetched;
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    // Back on the list from an event's edit form (or anywhere else), it reads the rows again at once.
    refetchOnMount: 'always',
  });
  const showChanges = useCallback(
    (made: ReadonlyMap<string, RowChange>) => setChanges((current) => new Map([...current, ...made])),
    [],
  );
  const data = useMemo(() => (result.data ? withChanges(result.data, changes) : undefined), [result.data, changes]);
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

  return { ...result, data, pageNumber: paging.index + 1, pagesKnown, goTo, refresh, showChanges };
}

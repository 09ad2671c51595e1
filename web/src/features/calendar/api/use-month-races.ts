/**
 * The races of one month for the calendar: the pages of GET /api/events (the /events search, with the month's
 * days from today as its date range) for the filters, fetched one after another until the month is complete.
 *
 * Why paging the search rather than a month query of its own: a date range is a key condition on every index
 * the search can drive from (all verified events by date, a state's events by date, the type and distance
 * postings by date), so each page reads little more than the races it returns, and a page is cached a minute
 * like any search. What bounds it is the number of races in a month, not the catalogue: a month of a large
 * catalogue can hold thousands, more than a grid can show, so the pages are fetched on their own only up to
 * AUTO_PAGES (600 races); past that the page says how far it got and offers to load more.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { RaceFeedFilters } from '#shared/race-calendar';
import type { EventSummary } from '#shared/schemas/search';
import { eventsArea } from '../../../lib/api-areas/events.ts';
import { useApi } from '../../../lib/use-api.ts';
import { monthRange, type MonthKey } from './month-grid.ts';

/** Pages fetched without asking, and fetched again each time the visitor asks for more. */
export const AUTO_PAGES = 12;

export interface MonthRaces {
  races: EventSummary[];
  /** The first page is loading (nothing to show yet). */
  isLoading: boolean;
  error: unknown;
  retry(): void;
  /** More pages are on their way. */
  isFetchingMore: boolean;
  /** Every race of the month has arrived. */
  complete: boolean;
  /** Paused at the bound: the day the races so far reach (a date-ordered search has every race up to it). */
  pausedThrough?: string;
  loadMore(): void;
}

export function useMonthRaces(month: MonthKey, filters: RaceFeedFilters, today: string): MonthRaces {
  const api = useApi(eventsArea);
  const range = monthRange(month, today);
  // How many pages to fetch without asking: AUTO_PAGES, raised by Load more; a new month or new filters start again.
  const key = JSON.stringify([month, filters]);
  const [raised, setRaised] = useState<{ key: string; limit: number }>();
  const pageLimit = raised?.key === key ? raised.limit : AUTO_PAGES;
  const query = useInfiniteQuery({
    queryKey: ['events', 'calendar', month, range, filters] as const,
    queryFn: ({ pageParam, signal }) =>
      api('searchEvents', { query: { ...filters, ...range!, ...(pageParam ? { cursor: pageParam } : {}) } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.complete ?? !page.nextCursor ? undefined : page.nextCursor),
    enabled: range !== undefined,
    staleTime: 60_000,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  const pages = data?.pages.length ?? 0;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && pages < pageLimit) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, pages, pageLimit, fetchNextPage]);

  const races = useMemo(() => {
    const seen = new Map<string, EventSummary>();
    for (const page of data?.pages ?? []) for (const race of page.items) seen.set(race.id, race);
    return [...seen.values()];
  }, [data]);

  const complete = range === undefined || (data !== undefined && !hasNextPage);
  const paused = !complete && !isFetchingNextPage && pages >= pageLimit;
  // Promoted races lead the first page whatever their date; the date-ordered stream is the rest.
  const pausedThrough = paused ? races.filter((race) => !race.promotion).reduce<string | undefined>((last, race) => (!last || race.eventDate > last ? race.eventDate : last), undefined) : undefined;

  return {
    races,
    isLoading: range !== undefined && query.isPending,
    error: query.error,
    // A later page that failed is asked for again alone; a refetch would read every page before it again too.
    retry: () => void (data && hasNextPage ? fetchNextPage() : query.refetch()),
    isFetchingMore: isFetchingNextPage || (!complete && !paused && !isError),
    complete,
    ...(pausedThrough ? { pausedThrough } : {}),
    loadMore: () => setRaised({ key, limit: Math.max(pageLimit, pages) + AUTO_PAGES }),
  };
}

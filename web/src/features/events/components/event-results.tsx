import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { EventSummary } from '#shared/schemas/search';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import '../../../components/state-panel.css';
import { errorMessage } from '../../../lib/api-error.ts';
import { EventCard, type EventLayout } from './event-card.tsx';
import type { EventFilters } from '../api/event-filters.ts';
import { useEventSearch } from '../api/use-event-search.ts';
import { isLastPage, resultCountText } from '../api/result-count.ts';
import type { HiddenRun, ResultsWatcher, WatchResults } from './list-window.ts';
import { DisplaySwitch } from './display-switch.tsx';

/** Past this many cards the list is windowed (list-window.ts, loaded then): far-away cards leave the DOM. */
export const WINDOW_FROM = 100;

export interface EventResultsProps {
  filters: EventFilters;
  layout: EventLayout;
  onLayoutChange(layout: EventLayout): void;
  onClearFilters?: () => void;
  /** Each card's actions (the save heart), from the page that composes the search with other features. */
  cardActions?: (event: EventSummary) => ReactNode;
  /** What the empty state suggests instead of adjusting filters (a radius search: a wider radius). */
  emptyText?: string;
}

/** The count line, the display switch and the infinitely scrolling list with its every state. */
export function EventResults({ filters, layout, onLayoutChange, onClearFilters, cardActions, emptyText }: EventResultsProps) {
  const search = useEventSearch(filters);
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = search;

  const events = useMemo(() => {
    // The API promises no duplicates across pages; keys must be unique even if a page boundary shifted.
    const seen = new Set<string>();
    const list: EventSummary[] = [];
    for (const page of data?.pages ?? []) {
      for (const event of page.items) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        list.push(event);
      }
    }
    return list;
  }, [data]);

  // New cards render in the background, interruptibly, so a page of 50 arriving never holds the main thread
  // in one long task (taps and typing stay responsive); the list shows them a moment later.
  const shownEvents = useDeferredValue(events);
  const firstCardsPending = shownEvents.length === 0 && events.length > 0;
  // Whether the list on screen shows every fetched event. Until it does, the end marker sits where the last
  // page ended, so it must not ask for another page: that was the burst (each new page restarted the
  // background render, the marker stayed in view, and the whole catalogue was fetched).
  const rendered = shownEvents === events;
  // A first page can come back empty while more may match (the server bounds each page's read work).
  const stillSearching = events.length === 0 && hasNextPage && !isFetchNextPageError;
  const complete = data?.pages.length ? isLastPage(data.pages[data.pages.length - 1]!) : false;

  // May the next page be asked for? Only while nothing loads and the list shows everything fetched;
  // list-window.ts arms the end marker when this turns true (one page per approach).
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError && !search.isPending && rendered && shownEvents.length > 0;
  useEffect(() => {
    if (stillSearching && !isFetchingNextPage && !search.isPending) void fetchNextPage();
  }, [stillSearching, isFetchingNextPage, search.isPending, fetchNextPage]);

  // The scroll watcher (next page, windowing of long lists) loads once the first cards show.
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const [watch, setWatch] = useState<WatchResults | null>(null);
  const [hiddenRuns, setHiddenRuns] = useState<HiddenRun[]>([]);
  const watcher = useRef<ResultsWatcher | null>(null);
  const windowed = shownEvents.length > WINDOW_FROM;
  useEffect(() => {
    if (list && !watch) void import('./list-window.ts').then((module) => setWatch(() => module.watchResults), () => {});
  }, [list, watch]);
  useLayoutEffect(() => {
    const sentinel = sentinelRef.current;
    if (!watch || !list || !sentinel) return;
    const current = watch(list, sentinel, setHiddenRuns, () => void fetchNextPage());
    watcher.current = current;
    return () => {
      current.stop();
      watcher.current = null;
      setHiddenRuns([]);
    };
  }, [watch, list, fetchNextPage]);
  useLayoutEffect(() => {
    watcher.current?.update(windowed ? shownEvents.length : 0, canAutoLoad);
  });

  const loading = search.isPending || firstCardsPending || stillSearching;
  const failure = errorMessage(search.error, 'Failed to fetch events');
  const countText = loading ? 'Loading...' : resultCountText({ shown: events.length, complete });

  const items: ReactNode[] = [];
  const runs = windowed ? hiddenRuns : [];
  for (let index = 0, run = 0; index < shownEvents.length; ) {
    const hidden = runs[run];
    if (hidden && hidden.from === index) {
      items.push(<li key={`gap-${index}`} className="event-list__gap" aria-hidden="true" data-gap={index} style={{ height: hidden.height }} />);
      index = Math.max(hidden.to, index + 1);
      run += 1;
      continue;
    }
    const event = shownEvents[index]!;
    items.push(
      <li key={event.id} data-i={index}>
        <EventCard event={event} layout={layout} actions={cardActions?.(event)} />
      </li>,
    );
    index += 1;
  }

  return (
    <section className="event-results" aria-labelledby="event-results-heading">
      <div className="event-results__bar">
        <h2 id="event-results-heading" className="event-results__count" aria-live="polite">
          {search.isError && events.length === 0 ? 'No results' : countText}
        </h2>
        <DisplaySwitch value={layout} onChange={onLayoutChange} />
      </div>

      {loading ? (
        <div className="state-panel" role="status">
          <Spinner label="Loading" size={28} />
          <p className="state-panel__title">Finding events for you...</p>
        </div>
      ) : search.isError && events.length === 0 ? (
        <div className="state-panel state-panel--error" role="alert">
          <p className="state-panel__title">Unable to load events</p>
          <p className="state-panel__text">{failure}</p>
          <Button variant="primary" onClick={() => void search.refetch()}>
            Retry
          </Button>
        </div>
      ) : events.length === 0 ? (
        <div className="state-panel">
          <svg className="event-results__empty-art" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
            <circle cx="28" cy="28" r="17" fill="none" stroke="currentColor" strokeWidth="4" />
            <path d="M41 41l12 12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
            <path d="M21 28h14" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <p className="state-panel__title">No events found</p>
          <p className="state-panel__text">
            {emptyText ?? "We couldn't find any events matching your criteria. Try adjusting your filters or check back later for new events."}
          </p>
          {onClearFilters ? <Button onClick={onClearFilters}>Clear all filters</Button> : null}
        </div>
      ) : (
        <>
          <ul ref={setList} className={`event-list event-list--${layout}`}>
            {items}
          </ul>
          <div className="event-results__more">
            {isFetchingNextPage ? (
              <p className="event-results__more-text" role="status">
                <Spinner label="Loading" size={18} />
                Loading more events...
              </p>
            ) : isFetchNextPageError ? (
              <div className="event-results__more-error" role="alert">
                <p>
                  <strong>Unable to load events</strong> {failure}
                </p>
                <Button size="sm" onClick={() => void fetchNextPage()}>
                  Retry
                </Button>
              </div>
            ) : hasNextPage ? (
              // Scrolling loads the next page; the button serves keyboard users and browsers without the observer.
              <Button onClick={() => void fetchNextPage()}>Load more events</Button>
            ) : (
              <p className="event-results__more-text">You&apos;ve seen all available events</p>
            )}
            <div ref={sentinelRef} className="event-results__sentinel" aria-hidden="true" />
          </div>
        </>
      )}
    </section>
  );
}

import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { EventSummary } from '#shared/schemas/search';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ActiveFilterChips } from '../components/active-filter-chips.tsx';
import { EventFilterBar } from '../components/event-filter-bar.tsx';
import { filtersFromSearchParams, filtersToSearchParams, withoutFilter, type EventFilters } from '../api/event-filters.ts';
import { EventResults } from '../components/event-results.tsx';
import { useDisplayMode } from '../components/use-display-mode.ts';
import '../components/events.css';

/**
 * /events: 'Discover Events'. The URL holds the filters (so a search can be shared, bookmarked and gone back
 * to); the controls, the chips and the list all read them from there.
 */
export interface EventsPageProps {
  /** Each result card's actions (the save heart): the app passes them in, so events does not import saved. */
  cardActions?: (event: EventSummary) => ReactNode;
  /** What can be done with the search itself (save it for alerts), beside the filters' chips. */
  searchActions?: (filters: EventFilters) => ReactNode;
}

export default function EventsPage({ cardActions, searchActions }: EventsPageProps) {
  return (
    <EventSearchView
      cardActions={cardActions}
      searchActions={searchActions}
      documentTitle="Discover Events"
      eyebrow="Event directory"
      title="Discover Events"
      lede="Road races, trail runs, triathlons and ultras across all 50 states. Search by place, date, type or distance."
    />
  );
}

export interface EventSearchViewProps extends EventsPageProps {
  documentTitle: string;
  eyebrow: string;
  title: string;
  lede: ReactNode;
  /** What the page itself always asks for, whatever the URL says (/charity-races: the charity tag). */
  fixed?: Pick<EventFilters, 'tag'>;
  /** Shown between the filters and the results (a page's own explanation). */
  children?: ReactNode;
}

/** The search with its filters, chips and results, under a page's own header: /events and pages like it. */
export function EventSearchView({ cardActions, searchActions, documentTitle, eyebrow, title, lede, fixed, children }: EventSearchViewProps) {
  useDocumentTitle(documentTitle);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const searched = useMemo(() => ({ ...filters, ...fixed }), [filters, fixed]);
  const canonical = filtersToSearchParams(filters).toString();
  const [layout, setLayout] = useDisplayMode('list');
  const searchInputRef = useRef<HTMLInputElement>(null);

  // Legacy names (location, startDate, endDate from the home hero), empty and invalid values: rewrite the
  // URL in the page's own vocabulary without adding a history entry.
  useEffect(() => {
    if (params.toString() !== canonical) setParams(new URLSearchParams(canonical), { replace: true });
  }, [params, canonical, setParams]);

  const apply = useCallback((next: EventFilters) => setParams(filtersToSearchParams(next)), [setParams]);
  const clearAll = useCallback(() => apply({}), [apply]);

  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lede={lede} />
      <div className="container events-page">
        <div className="events-page__filters">
          <EventFilterBar filters={filters} onApply={apply} searchInputRef={searchInputRef} />
          <ActiveFilterChips filters={filters} onRemove={(key) => apply(withoutFilter(filters, key))} onClearAll={clearAll} fallbackFocusRef={searchInputRef} />
          {searchActions ? <div className="events-page__search-actions">{searchActions(searched)}</div> : null}
        </div>
        {children}
        <EventResults filters={searched} layout={layout} onLayoutChange={setLayout} onClearFilters={canonical ? clearAll : undefined} cardActions={cardActions} />
      </div>
    </>
  );
}

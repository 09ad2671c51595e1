import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_RADIUS, parseNear } from '#shared/near';
import type { EventSummary } from '#shared/schemas/search';
import { cleanFilters, filtersToSearchParams, type EventFilters } from '../api/event-filters.ts';
import { useEventSearch } from '../api/use-event-search.ts';
import { EventResults } from '../components/event-results.tsx';
import { useDisplayMode } from '../components/use-display-mode.ts';
import '../components/events.css';
import './local-events-page.css';

const LocalIntro = lazy(() => import('../near-ui.ts').then((module) => ({ default: module.LocalIntro })));

export interface LocalEventsPageProps {
  /** Each result card's actions (the save heart), from the app. */
  cardActions?: (event: EventSummary) => ReactNode;
}

/**
 * /local: races within 10, 25 (default), 50 or 100 miles of a ZIP code, a city or the browser's location,
 * soonest first, each card saying how far away it is. The URL holds the place and radius (?near=&radius=), so
 * a search can be shared and gone back to; the list is the event search's (GET /api/events?near=).
 *
 * A page of its own chunk (app/more-pages.tsx) that uses the event search's list from the entry; its header
 * and place form are a further chunk, shared with the Near me panel of /events (near-ui.ts).
 */
export default function LocalEventsPage({ cardActions }: LocalEventsPageProps) {
  const [params, setParams] = useSearchParams();
  const filters = cleanFilters({ near: params.get('near') ?? undefined, radius: params.get('radius') ?? undefined });
  return (
    <>
      <Suspense fallback={null}>
        <LocalIntro filters={filters} onSearch={(near, radius) => setParams(filtersToSearchParams({ near, radius }))} />
      </Suspense>
      {filters.near ? <LocalResults filters={filters} cardActions={cardActions} /> : null}
    </>
  );
}

function LocalResults({ filters, cardActions }: LocalEventsPageProps & { filters: EventFilters }) {
  const [layout, setLayout] = useDisplayMode('list');
  // The same query as the list's (one request): its first page names the place the server measured from.
  const origin = useEventSearch(filters).data?.pages[0]?.origin;
  const radius = filters.radius ?? DEFAULT_RADIUS;
  const place = parseNear(filters.near!)?.kind === 'point' ? 'your location' : (origin?.label ?? filters.near);
  return (
    <div className="container events-page">
      <p className="local-page__where">
        Within {radius} miles of <strong>{place}</strong>
      </p>
      <EventResults
        filters={filters}
        layout={layout}
        onLayoutChange={setLayout}
        cardActions={cardActions}
        emptyText={`No upcoming races within ${radius} miles of ${place} yet. Try a wider radius.`}
      />
    </div>
  );
}

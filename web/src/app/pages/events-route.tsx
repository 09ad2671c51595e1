import { lazy, Suspense } from 'react';
import EventsPage from '../../features/events/pages/events-page.tsx';
import type { EventFilters } from '../../features/events/api/event-filters.ts';
import { cardActions } from './event-actions.tsx';

// Its own chunk: the search page is in the first load, saving a search is not.
const SaveSearchAction = lazy(() => import('./save-search-action.tsx'));

/** Saving the search for the daily digest of its new races. */
export const searchActions = (filters: EventFilters) => (
  <Suspense fallback={null}>
    <SaveSearchAction filters={filters} />
  </Suspense>
);

/** /events: the event search, its cards carrying the save heart, the search itself its Save button. */
export default function EventsRoute() {
  return <EventsPage cardActions={cardActions} searchActions={searchActions} />;
}

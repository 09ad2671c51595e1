import EventsPage from '../../features/events/pages/events-page.tsx';
import CharityRacesPage from '../../features/events/pages/charity-races-page.tsx';
import { cardActions } from './event-actions.tsx';

/** /events: the event search, its cards carrying the save heart. */
export default function EventsRoute() {
  return <EventsPage cardActions={cardActions} />;
}

/**
 * /charity-races: the same search with the charity tag fixed. In the entry beside /events, whose modules it
 * only rearranges (a few hundred bytes): as a lazy page that imports them, the bundler split the entry's
 * shared modules into extra initial chunks, 1.8 KB gzip more on every first load.
 */
export function CharityRacesRoute() {
  return <CharityRacesPage cardActions={cardActions} />;
}

import EventsPage from '../../features/events/pages/events-page.tsx';
import { cardActions } from './event-actions.tsx';

/** /events: the event search, its cards carrying the save heart. */
export default function EventsRoute() {
  return <EventsPage cardActions={cardActions} />;
}

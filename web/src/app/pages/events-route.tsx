import EventsPage from '../../features/events/pages/events-page.tsx';
import { cardActions, cardFooterActions } from './event-actions.tsx';

/** /events: the event search, its cards carrying the save heart and, for organizers, Claim Event. */
export default function EventsRoute() {
  return <EventsPage cardActions={cardActions} cardFooterActions={cardFooterActions} />;
}

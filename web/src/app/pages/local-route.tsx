import LocalEventsPage from '../../features/events/pages/local-events-page.tsx';
import { cardActions } from './event-actions.tsx';

/** /local: races near a place, their cards carrying the save heart. */
export default function LocalRoute() {
  return <LocalEventsPage cardActions={cardActions} />;
}

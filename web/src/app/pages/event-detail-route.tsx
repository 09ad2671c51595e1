import EventDetailPage from '../../features/event-detail/pages/event-detail-page.tsx';
import { pageSaveAction } from './event-actions.tsx';

/** /events/:id, in a chunk of its own: the event page with the Save button in its action panel. */
export default function EventDetailRoute() {
  return <EventDetailPage saveAction={pageSaveAction} />;
}

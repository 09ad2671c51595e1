import type { EventSummary } from '#shared/schemas/search';
import { EventCard } from '../../events/components/event-card.tsx';

/**
 * A saved event on the dashboard: the same list card as the search page (heart to remove it included), with a
 * 'Completed' badge once race day has passed.
 */
export function SavedEventRow({ event, completed }: { event: EventSummary; completed: boolean }) {
  return (
    <li className={`saved-item${completed ? ' saved-item--completed' : ''}`}>
      {completed ? <span className="saved-item__badge">Completed</span> : null}
      <EventCard event={event} layout="list" />
    </li>
  );
}

/** The race a review or recap is about: its title (a link to its page), date and place. */
import { Link } from 'react-router-dom';
import type { RecapEvent } from '#shared/schemas/recap';
import { formatEventDate } from '../../../lib/event-format.ts';

export function RaceLine({ event }: { event: RecapEvent }) {
  return (
    <p className="race-line">
      <Link to={`/events/${event.id}`} className="race-line__title">
        {event.title}
      </Link>
      <span className="race-line__facts">
        {formatEventDate(event.eventDate)} · {event.city}, {event.state}
      </span>
    </p>
  );
}

/** When something was written, as 'Nov 26, 2026' in New York time. */
export function writtenOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' });
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { enumLabel } from '#shared/event-vocabulary';
import type { EventSummary } from '#shared/schemas/search';
import { formatDistances } from '../../../lib/event-format.ts';

/** One day's races: each its title (to its page), place, type and distances, and the app's actions (the save heart). */
export function RaceList({ races, actions, label }: { races: readonly EventSummary[]; actions?: (race: EventSummary) => ReactNode; label?: string }) {
  return (
    <ul className="race-list" aria-label={label}>
      {races.map((race) => {
        const distances = formatDistances(race.distances);
        return (
          <li key={race.id} className="race-list__item">
            <div className="race-list__text">
              <Link className="race-list__title" to={`/events/${race.id}`}>
                {race.title}
              </Link>
              <p className="race-list__meta">
                {[`${race.city}, ${race.state}`, enumLabel(race.eventType), distances].filter(Boolean).join(' · ')}
              </p>
            </div>
            {actions ? <div className="race-list__actions">{actions(race)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}

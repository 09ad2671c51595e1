import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/button.tsx';

/**
 * A saved event on the dashboard: the card the page is given (the search page's list card, heart to remove it
 * included), with a 'Completed' badge once race day has passed and, then, a way to review the race.
 */
export function SavedEventRow({ completed, eventId, title, children }: { completed: boolean; eventId: string; title: string; children: ReactNode }) {
  return (
    <li className={`saved-item${completed ? ' saved-item--completed' : ''}`}>
      {completed ? <span className="saved-item__badge">Completed</span> : null}
      {children}
      {completed ? (
        <Link className={buttonClass({ variant: 'secondary', size: 'sm' }, 'saved-item__review')} to={`/events/${encodeURIComponent(eventId)}?review=write#reviews`}>
          Write Review<span className="visually-hidden"> of {title}</span>
        </Link>
      ) : null}
    </li>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/button.tsx';

/**
 * A saved event on the dashboard: the card the page is given (the search page's list card, heart to remove it
 * included), with a 'Completed' badge once race day has passed and, then, a way to review the race; before it, a
 * way to train for it (issue 25): the race page's plan form, which says so when none of the race's distances is
 * one a plan is made for. (Reading the distance labels here would put that code in a chunk of its own, whose name
 * every first load would carry in its preload list.)
 */
export function SavedEventRow({ completed, eventId, title, children }: { completed: boolean; eventId: string; title: string; children: ReactNode }) {
  return (
    <li className={`saved-item${completed ? ' saved-item--completed' : ''}`}>
      {completed ? <span className="saved-item__badge">Completed</span> : null}
      {children}
      {!completed ? (
        <Link className={buttonClass({ variant: 'secondary', size: 'sm' }, 'saved-item__train')} to={`/events/${encodeURIComponent(eventId)}?train=1#train`}>
          Train for this race<span className="visually-hidden">: {title}</span>
        </Link>
      ) : null}
      {completed ? (
        <Link className={buttonClass({ variant: 'secondary', size: 'sm' }, 'saved-item__review')} to={`/events/${encodeURIComponent(eventId)}?review=write#reviews`}>
          Write Review<span className="visually-hidden"> of {title}</span>
        </Link>
      ) : null}
    </li>
  );
}

import type { ReactNode } from 'react';

/**
 * A saved event on the dashboard: the card the page is given (the search page's list card, heart to remove it
 * included), with a 'Completed' badge once race day has passed.
 */
export function SavedEventRow({ completed, children }: { completed: boolean; children: ReactNode }) {
  return (
    <li className={`saved-item${completed ? ' saved-item--completed' : ''}`}>
      {completed ? <span className="saved-item__badge">Completed</span> : null}
      {children}
    </li>
  );
}

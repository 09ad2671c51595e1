import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import type { CalendarView } from '../api/calendar-params.ts';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

export interface CalendarToolbarProps {
  /** 'June 2026', the heading the grid and the agenda are named by. */
  title: string;
  titleId: string;
  onPrevious(): void;
  onNext(): void;
  onToday(): void;
  /** No earlier month to show (the public calendar lists races from today on). */
  previousDisabled?: boolean;
  view: CalendarView;
  onView(view: CalendarView): void;
  /** What is loading or how many races there are, read politely as it changes. */
  status?: ReactNode;
}

/** The month and the ways to move: previous and next month, Today, and the switch between the grid and the agenda. */
export function CalendarToolbar({ title, titleId, onPrevious, onNext, onToday, previousDisabled, view, onView, status }: CalendarToolbarProps) {
  return (
    <div className="calendar-toolbar">
      <div className="calendar-toolbar__month">
        <Button size="sm" className="calendar-toolbar__step" aria-label="Previous month" onClick={onPrevious} disabled={previousDisabled}>
          <Chevron direction="left" />
        </Button>
        <h2 id={titleId} className="calendar-toolbar__title" aria-live="polite">
          {title}
        </h2>
        <Button size="sm" className="calendar-toolbar__step" aria-label="Next month" onClick={onNext}>
          <Chevron direction="right" />
        </Button>
        <Button size="sm" onClick={onToday}>
          Today
        </Button>
      </div>
      <p className="calendar-toolbar__status" role="status">
        {status}
      </p>
      <div className="calendar-view-switch" role="group" aria-label="View">
        {(['month', 'agenda'] as const).map((option) => (
          <button key={option} type="button" className="calendar-view-switch__option" aria-pressed={view === option} onClick={() => onView(option)}>
            {option === 'month' ? 'Month' : 'Agenda'}
          </button>
        ))}
      </div>
    </div>
  );
}

import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { EventSummary } from '#shared/schemas/search';
import { formatLongDate } from '../../../lib/event-format.ts';
import type { CalendarView } from '../api/calendar-params.ts';
import { initialFocusDay, monthOf, racesByDay, type MonthKey } from '../api/month-grid.ts';
import { MonthGrid } from './month-grid.tsx';
import { RaceList } from './race-list.tsx';

export interface RaceCalendarProps {
  month: MonthKey;
  /** The month's heading, which names the grid and the agenda. */
  titleId: string;
  view: CalendarView;
  today: string;
  /** The month's races (others are ignored). */
  races: readonly EventSummary[];
  /** Days before this have no races to show (the public calendar starts today). */
  firstListedDay?: string;
  /** Moves to another month: an arrow or Page key past the month's edge. */
  onMonth(month: MonthKey): void;
  raceActions?: (race: EventSummary) => ReactNode;
  /** Shown in place of the agenda, or under the grid, when the month has no races (or while they load). */
  empty: ReactNode;
  /** The races are loading: the grid stays (so the focused day does), empty and marked busy. */
  busy?: boolean;
}

/** A month of races as the grid with the chosen day's list under it, or as the agenda (the days with races, in order). */
export function RaceCalendar({ month, titleId, view, today, races, firstListedDay, onMonth, raceActions, empty, busy }: RaceCalendarProps) {
  const byDay = useMemo(() => racesByDay(races.filter((race) => monthOf(race.eventDate) === month)), [races, month]);
  const [selectedDay, setSelectedDay] = useState<string>();
  const [focus, setFocus] = useState<{ day: string; move: boolean }>();
  const focusDay = focus && monthOf(focus.day) === month ? focus.day : initialFocusDay(month, today, selectedDay);
  const dayHeading = useRef<HTMLHeadingElement>(null);
  const dayListId = useId();
  const selected = selectedDay && monthOf(selectedDay) === month ? selectedDay : undefined;

  useEffect(() => {
    if (selected) dayHeading.current?.focus();
  }, [selected]);

  if (view === 'agenda') {
    if (byDay.size === 0) return <>{empty}</>;
    return (
      <ol className="agenda" aria-labelledby={titleId}>
        {[...byDay].map(([day, dayRaces]) => (
          <li key={day} className={`agenda__day${day === today ? ' agenda__day--today' : ''}`}>
            <h3 className="agenda__date">
              {formatLongDate(day)}
              {day === today ? <span className="agenda__today"> Today</span> : null}
            </h3>
            <RaceList races={dayRaces} actions={raceActions} />
          </li>
        ))}
      </ol>
    );
  }

  const dayRaces = selected ? (byDay.get(selected) ?? []) : [];
  return (
    <>
      <div className="month-grid__frame" aria-busy={busy || undefined}>
        <MonthGrid
          month={month}
          titleId={titleId}
          today={today}
          byDay={byDay}
          focusDay={focusDay}
          moveFocus={focus?.move ?? false}
          selectedDay={selected}
          firstListedDay={firstListedDay}
          onFocusDay={(day) => {
            setFocus({ day, move: true });
            if (monthOf(day) !== month) onMonth(monthOf(day));
          }}
          onSelectDay={(day) => {
            setFocus({ day, move: false });
            setSelectedDay(day);
          }}
        />
      </div>
      {byDay.size === 0 ? empty : null}
      {selected ? (
        <section className="calendar-day" aria-labelledby={dayListId}>
          <h3 id={dayListId} ref={dayHeading} tabIndex={-1} className="calendar-day__title">
            {formatLongDate(selected)}
          </h3>
          {dayRaces.length > 0 ? <RaceList races={dayRaces} actions={raceActions} /> : <p className="calendar-day__none">No races on this day.</p>}
        </section>
      ) : null}
    </>
  );
}

import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { countOf } from '#shared/plural';
import type { EventSummary } from '#shared/schemas/search';
import { formatIsoDate } from '../../../lib/event-format.ts';
import { cellRaces, dayAfterKey, monthOf, monthWeeks, WEEKDAY_NAMES, type MonthKey } from '../api/month-grid.ts';

/** Race names a day cell has room for (the last line says '+N more' when there are more). */
export const CELL_SLOTS = 3;

export interface MonthGridProps {
  month: MonthKey;
  titleId: string;
  today: string;
  byDay: ReadonlyMap<string, readonly EventSummary[]>;
  /** The day that holds the grid's one tab stop. */
  focusDay: string;
  /** Whether focus should follow focusDay (after an arrow key), rather than stay where the reader left it. */
  moveFocus: boolean;
  /** The day the list below the grid shows. */
  selectedDay?: string;
  /** Days before this have no races to show (the public calendar starts today). */
  firstListedDay?: string;
  onFocusDay(day: string): void;
  onSelectDay(day: string): void;
}

/**
 * The month as a WAI-ARIA grid: one tab stop, on a day; the arrows move by a day or a week, Home and End to
 * the week's ends, Page Up and Page Down by a month (into the next month when the day lies there); Enter or a
 * click lists the day's races below. Each day shows the names of its first races (links) and '+N more'; on a
 * phone, where a name does not fit, the number of races.
 */
export function MonthGrid({ month, titleId, today, byDay, focusDay, moveFocus, selectedDay, firstListedDay, onFocusDay, onSelectDay }: MonthGridProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (moveFocus) buttons.current.get(focusDay)?.focus();
  }, [focusDay, moveFocus, month]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const next = dayAfterKey(date, event.key);
    if (!next) return;
    event.preventDefault();
    if (firstListedDay && next < firstListedDay && monthOf(next) < monthOf(firstListedDay)) return;
    onFocusDay(next);
  }

  return (
    <table className="month-grid" role="grid" aria-labelledby={titleId}>
      <thead>
        <tr>
          {WEEKDAY_NAMES.map((name) => (
            <th key={name} scope="col" abbr={name}>
              <span aria-hidden="true">{name.slice(0, 3)}</span>
              <span className="visually-hidden">{name}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week[0]!.date}>
            {week.map(({ date, inMonth }) => {
              const races = inMonth ? (byDay.get(date) ?? []) : [];
              const { shown, more } = cellRaces(races, CELL_SLOTS);
              const past = firstListedDay !== undefined && date < firstListedDay;
              const classes = [
                'month-grid__cell',
                inMonth ? '' : 'month-grid__cell--outside',
                past ? 'month-grid__cell--past' : '',
                date === today ? 'month-grid__cell--today' : '',
                date === selectedDay ? 'month-grid__cell--selected' : '',
              ].filter(Boolean);
              const label = `${formatIsoDate(date, { weekday: 'long', month: 'long', year: undefined })}${date === today ? ', today' : ''}: ${races.length > 0 ? countOf(races.length, 'race') : inMonth ? 'no races' : 'another month'}`;
              return (
                <td key={date} className={classes.join(' ')} aria-selected={date === selectedDay}>
                  <button
                    ref={(element) => {
                      if (element) buttons.current.set(date, element);
                      else buttons.current.delete(date);
                    }}
                    type="button"
                    className="month-grid__day"
                    tabIndex={date === focusDay ? 0 : -1}
                    aria-label={label}
                    onKeyDown={(event) => onKeyDown(event, date)}
                    onFocus={() => {
                      if (date !== focusDay) onFocusDay(date);
                    }}
                    onClick={() => onSelectDay(date)}
                  >
                    <span aria-hidden="true">{Number(date.slice(8, 10))}</span>
                  </button>
                  {races.length > 0 ? (
                    <>
                      <ul className="month-grid__races">
                        {shown.map((race) => (
                          <li key={race.id}>
                            {/* Out of the tab order: the grid is one tab stop, and the day's list below has every race. */}
                            <Link className="month-grid__race" to={`/events/${race.id}`} tabIndex={-1} title={`${race.title}, ${race.city}, ${race.state}`}>
                              {race.title}
                            </Link>
                          </li>
                        ))}
                      </ul>
                      {more > 0 ? (
                        <button type="button" className="month-grid__more" tabIndex={-1} onClick={() => onSelectDay(date)}>
                          +{more} more
                        </button>
                      ) : null}
                      <span className="month-grid__count" aria-hidden="true">
                        {races.length}
                      </span>
                    </>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

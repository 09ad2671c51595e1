/**
 * The calendar's date arithmetic, on New York calendar days written YYYY-MM-DD (shared/dates.ts): which days a
 * month grid shows, moving by month, the keys that move between days, and races grouped by day with the few
 * a day cell has room for. Pure, so it is tested without a browser.
 */
import { addDays } from '#shared/dates';

/** 'YYYY-MM'. */
export type MonthKey = string;

/** Weeks run Sunday to Saturday, as US calendars print them. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function isMonthKey(value: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12 && Number(match[1]) >= 1970;
}

export const monthOf = (date: string): MonthKey => date.slice(0, 7);

/** The month `delta` months from `month` (negative: earlier). */
export function shiftMonth(month: MonthKey, delta: number): MonthKey {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + delta;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export function daysInMonth(month: MonthKey): number {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).getUTCDate();
}

export const firstDayOf = (month: MonthKey) => `${month}-01`;
export const lastDayOf = (month: MonthKey) => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;

/** The search's date range for a month: from today (nothing earlier is listed) to the month's last day; none for a past month. */
export function monthRange(month: MonthKey, today: string): { from: string; to: string } | undefined {
  const to = lastDayOf(month);
  if (to < today) return undefined;
  const first = firstDayOf(month);
  return { from: first > today ? first : today, to };
}

/** Day of the week, Sunday 0 to Saturday 6 (the date is a calendar day, read in UTC so no zone shifts it). */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export interface GridDay {
  readonly date: string;
  /** False for the days of the previous and next months that fill the first and last weeks. */
  readonly inMonth: boolean;
}

/** The weeks a month grid shows: whole weeks from the Sunday on or before the 1st to the Saturday on or after the last day. */
export function monthWeeks(month: MonthKey): GridDay[][] {
  const first = firstDayOf(month);
  const last = lastDayOf(month);
  let day = addDays(first, -weekdayOf(first));
  const end = addDays(last, 6 - weekdayOf(last));
  const weeks: GridDay[][] = [];
  while (day <= end) {
    const week: GridDay[] = [];
    for (let index = 0; index < 7; index += 1) {
      week.push({ date: day, inMonth: monthOf(day) === month });
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The same day of the month `delta` months away, or that month's last day when it is shorter (Jan 31 -> Feb 28). */
export function sameDayInMonth(date: string, delta: number): string {
  const month = shiftMonth(monthOf(date), delta);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/**
 * Where a key moves the focused day of a grid, as the WAI-ARIA date grid does: arrows by a day or a week,
 * Home and End to the week's ends, Page Up and Page Down by a month. Undefined for any other key.
 */
export function dayAfterKey(date: string, key: string): string | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekdayOf(date));
    case 'End':
      return addDays(date, 6 - weekdayOf(date));
    case 'PageUp':
      return sameDayInMonth(date, -1);
    case 'PageDown':
      return sameDayInMonth(date, 1);
    default:
      return undefined;
  }
}

/** Races by day, each day's in date-then-title order. */
export function racesByDay<T extends { eventDate: string; title: string; id: string }>(races: readonly T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  const sorted = [...races].sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  for (const race of sorted) {
    const day = byDay.get(race.eventDate);
    if (day) day.push(race);
    else byDay.set(race.eventDate, [race]);
  }
  return byDay;
}

/**
 * The races a day cell shows and how many it leaves for '+N more': all of them when they fit, else one fewer
 * than fits, so the '+N more' line takes the last slot and never reads '+1 more' in place of one race.
 */
export function cellRaces<T>(races: readonly T[], slots: number): { shown: readonly T[]; more: number } {
  if (races.length <= slots) return { shown: races, more: 0 };
  const shown = races.slice(0, Math.max(slots - 1, 0));
  return { shown, more: races.length - shown.length };
}

/** The day a grid focuses first: the given day when in the month, else today when in it, else the 1st. */
export function initialFocusDay(month: MonthKey, today: string, selected?: string): string {
  if (selected && monthOf(selected) === month) return selected;
  if (monthOf(today) === month) return today;
  return firstDayOf(month);
}

/**
 * Calendar arithmetic on YYYY-MM-DD strings, in UTC so the host time zone never shifts a race day.
 * Race days themselves are calendar dates (the product shows them in America/New_York).
 */
const DAY_MS = 86_400_000;

export function parseIsoDate(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || formatIsoDate(ms) !== iso) throw new Error(`Not a calendar date: ${iso}`);
  return ms;
}

export function formatIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return formatIsoDate(parseIsoDate(iso) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to) - parseIsoDate(from)) / DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(iso: string): number {
  return new Date(parseIsoDate(iso)).getUTCDay();
}

/** 1 = January ... 12 = December. */
export function monthOf(iso: string): number {
  return Number(iso.slice(5, 7));
}

function isoOf(year: number, month: number, day: number): string {
  return formatIsoDate(Date.UTC(year, month - 1, day));
}

/** The n-th (1-based) given weekday of a month; n = -1 means the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = isoOf(year, month, 1);
    return addDays(first, ((weekday - dayOfWeek(first) + 7) % 7) + (n - 1) * 7);
  }
  const last = isoOf(year, month + 1, 0);
  return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
}

/** The Saturday closest to a date (the date itself when it is a Saturday). */
function nearestSaturday(iso: string): string {
  const offset = (6 - dayOfWeek(iso) + 7) % 7;
  return addDays(iso, offset <= 3 ? offset : offset - 7);
}

/** Race days tied to holidays, which is when real calendars put turkey trots, firecracker runs and the like. */
export const HOLIDAYS = {
  newYear: (year: number) => [isoOf(year, 1, 1)],
  valentines: (year: number) => [nearestSaturday(isoOf(year, 2, 14))],
  stPatricks: (year: number) => [nearestSaturday(isoOf(year, 3, 17))],
  memorialDay: (year: number) => [nthWeekday(year, 5, 1, -1)],
  independenceDay: (year: number) => [isoOf(year, 7, 4)],
  // The Saturday on or before Halloween, when costume races happen.
  halloween: (year: number) => [addDays(isoOf(year, 10, 31), -((dayOfWeek(isoOf(year, 10, 31)) + 1) % 7))],
  thanksgiving: (year: number) => [nthWeekday(year, 11, 4, 4)],
  // Holiday runs fill the first three Saturdays of December.
  december: (year: number) => [1, 2, 3].map((n) => nthWeekday(year, 12, 6, n)),
} as const;
export type Holiday = keyof typeof HOLIDAYS;

/** The holiday's dates that fall in [from, to]. */
export function holidayDates(holiday: Holiday, from: string, to: string): string[] {
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  const dates: string[] = [];
  for (let year = first; year <= last; year += 1) dates.push(...HOLIDAYS[holiday](year));
  return dates.filter((date) => date >= from && date <= to);
}

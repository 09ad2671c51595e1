/** The product's calendar: race days, "upcoming" and promotion days are dates in US Eastern time, wherever the reader is. */
export const PRODUCT_TIME_ZONE = 'America/New_York';

const isoDateInZone = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRODUCT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in America/New_York as YYYY-MM-DD (also the value format of <input type="date">). */
export function todayInNewYork(now: Date = new Date()): string {
  return isoDateInZone.format(now);
}

const DAY_MS = 86_400_000;

/** The calendar date `days` after (or, negative, before) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The day of the week of a YYYY-MM-DD date, counted from Monday (0) to Sunday (6), as training weeks run. */
export function isoWeekday(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

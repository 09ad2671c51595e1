/**
 * Calendar dates (YYYY-MM-DD) in words, for every reader: the web app's cards and pages and the e-mails the
 * server sends. A calendar date names a day, not an instant, so it is written as that day wherever the reader
 * is; the formatters are made once (toLocaleString builds one per call, most of a 50-card render's script time).
 */
import { PRODUCT_TIME_ZONE } from './dates.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone: PRODUCT_TIME_ZONE, ...options });
    formatters.set(key, found);
  }
  return found;
}

/**
 * An event's calendar date (YYYY-MM-DD) as 'Sat, Mar 14, 2027'. The date is taken at noon in New York
 * (17:00 UTC is noon EST and 1 pm EDT) and written in New York time, so it is the same day in every
 * browser time zone; parsing it as midnight UTC would show the day before anywhere west of Greenwich.
 */
export function formatIsoDate(iso: string, options: Intl.DateTimeFormatOptions = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const noonInNewYork = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 17));
  return formatter({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', ...options }).format(noonInNewYork);
}

/** 'Saturday, June 14, 2025': the card's noon-in-New-York reading, so a date never shifts a day. */
export function formatLongDate(isoDate: string): string {
  return formatIsoDate(isoDate, { weekday: 'long', month: 'long' });
}

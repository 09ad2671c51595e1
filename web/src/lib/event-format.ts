/** How event cards and the event page write dates, fees and distances. */
import { PRODUCT_TIME_ZONE } from '#shared/dates';

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

export function formatEventDate(iso: string): string {
  return formatIsoDate(iso);
}

// Made once: toLocaleString builds a new formatter per call, which was most of a 50-card render's script time.
const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$45', '$42.50', 'Free' for 0, undefined when the event gives no fee. */
export function formatFee(fee: number | undefined): string | undefined {
  if (fee === undefined || !Number.isFinite(fee) || fee < 0) return undefined;
  if (fee === 0) return 'Free';
  return `$${(Number.isInteger(fee) ? wholeDollars : dollarsAndCents).format(fee)}`;
}

/**
 * The first distance and '+N' for the others: ['Marathon', 'Half'] -> 'Marathon +1'. Cards get their distances
 * longest first from the server (summaryFromItem), so the first is the race's main distance; the parsing that
 * orders them stays off the public first load, which has no room for it.
 */
export function formatDistances(distances: readonly string[]): string | undefined {
  const [first, ...rest] = distances.filter((distance) => distance.trim() !== '');
  if (!first) return undefined;
  return rest.length > 0 ? `${first} +${rest.length}` : first;
}

export const DESCRIPTION_FALLBACK = 'Join this exciting endurance event and challenge yourself!';

/** 'Saturday, June 14, 2025': the card's noon-in-New-York reading, so a date never shifts a day. */
export function formatLongDate(isoDate: string): string {
  return formatIsoDate(isoDate, { weekday: 'long', month: 'long' });
}

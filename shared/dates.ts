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

/** A post's publication time as the blog writes it: 'November 26, 2026', in New York like every date of the product. */
import { PRODUCT_TIME_ZONE } from '#shared/dates';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { timeZone: PRODUCT_TIME_ZONE, month: 'long', day: 'numeric', year: 'numeric' });

export function formatPostDate(iso: string): string {
  return LONG_DATE.format(new Date(iso));
}

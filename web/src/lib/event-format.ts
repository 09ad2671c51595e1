/** How event cards and the event page write dates, fees and distances. */
import { formatIsoDate } from '#shared/date-format';

// The date formatters moved to shared/ for the e-mails the server writes; pages keep importing them from here.
export { formatIsoDate, formatLongDate } from '#shared/date-format';

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

/** How event cards and the event page write dates, fees and distances. */
import { formatIsoDate } from '#shared/date-format';

// The date formatters moved to shared/ for the e-mails the server writes; pages keep importing them from here.
export { formatIsoDate, formatLongDate } from '#shared/date-format';

export function formatEventDate(iso: string): string {
  return formatIsoDate(iso);
}

// The fee's format is shared with the server's page descriptions.
export { formatFee } from '#shared/fee-format';

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

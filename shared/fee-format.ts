/** How a registration fee is written, for the web app's cards and pages and the server's page descriptions. */

// Made once: toLocaleString builds a new formatter per call, which was most of a 50-card render's script time.
/** Whole numbers with en-US grouping ('1,240'): whole-dollar fees, and a card's climb (elevation-format.ts). */
export const wholeNumbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$45', '$42.50', 'Free' for 0, undefined when the event gives no fee. */
export function formatFee(fee: number | undefined): string | undefined {
  if (fee === undefined || !Number.isFinite(fee) || fee < 0) return undefined;
  if (fee === 0) return 'Free';
  return `$${(Number.isInteger(fee) ? wholeNumbers : dollarsAndCents).format(fee)}`;
}

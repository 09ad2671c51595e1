/**
 * The registration fee shown for an imported race: the lowest price someone can register at today. Races
 * raise prices as the day nears, so an early-bird period that already closed would show a price no one can
 * pay, and a later period not yet open is not today's price either. Only periods open on `today` count;
 * RunSignup writes their times in US Eastern time, the product's own calendar, so comparing dates is exact
 * to the day.
 */
import { MAX_PRICE_TIERS, type PriceTier } from '#shared/price-tiers';
import { parseLocalDateTime } from './dates.ts';

/** Dollars of a fee as written: "$45.00", "45", 45, "$1,045.50", "Free". Undefined if unreadable. */
export function parseFee(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : undefined;
  const trimmed = value.trim();
  if (/^free$/i.test(trimmed)) return 0;
  const match = /^(?:US)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(?:USD)?$/i.exec(trimmed);
  if (!match) return undefined;
  const dollars = Number((match[1] as string).replace(/,/g, ''));
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return dollars + cents / 100;
}

export interface PricePeriod {
  /** When registration at this price opens and closes (dates, or dates with times). */
  readonly opens?: string;
  readonly closes?: string;
  readonly fee?: string | number;
}

/**
 * Whether a period is open on `today` (YYYY-MM-DD): opened on or before it and closing on or after it. A
 * period with no opening is open from the start, one with no closing stays open.
 */
export function isOpenOn(period: PricePeriod, today: string): boolean {
  const opens = parseLocalDateTime(period.opens)?.date;
  const closes = parseLocalDateTime(period.closes)?.date;
  if (period.opens && !opens) return false;
  if (period.closes && !closes) return false;
  return (!opens || opens <= today) && (!closes || closes >= today);
}

/** The lowest fee among periods open on `today`; undefined when none is open or none has a readable fee. */
export function lowestOpenFee(periods: readonly PricePeriod[], today: string): number | undefined {
  let lowest: number | undefined;
  for (const period of periods) {
    if (!isOpenOn(period, today)) continue;
    const fee = parseFee(period.fee);
    if (fee !== undefined && (lowest === undefined || fee < lowest)) lowest = fee;
  }
  return lowest;
}

/**
 * A race's prices over time from the registration periods of one of its distances ("$65 until Mar 1, then $80"):
 * the periods still open or to come by the day each closes, the same fee in a row kept as one tier, none after the
 * race. Undefined when that leaves one price (the fee says it all) or the periods cannot be put in order (two
 * closing the same day, or one whose close or fee cannot be read).
 */
export function priceTiersOf(periods: readonly PricePeriod[], today: string, eventDate: string): PriceTier[] | undefined {
  const dated: { fee: number; until: string }[] = [];
  for (const period of periods) {
    const until = parseLocalDateTime(period.closes)?.date;
    const fee = parseFee(period.fee);
    if (until === undefined || fee === undefined) return undefined;
    if (until >= today) dated.push({ fee, until: until > eventDate ? eventDate : until });
  }
  dated.sort((a, b) => a.until.localeCompare(b.until));
  const tiers: { fee: number; until: string }[] = [];
  for (const tier of dated) {
    const last = tiers.at(-1);
    if (last && last.until === tier.until) return undefined;
    if (last && last.fee === tier.fee) last.until = tier.until;
    else tiers.push({ ...tier });
  }
  return tiers.length >= 2 ? tiers.slice(0, MAX_PRICE_TIERS) : undefined;
}

/**
 * The tiers of the distance a race's fee comes from (the lowest open today, as the card says "from"), so the page's
 * "$35 until Mar 1, then $40" and the card's "$35" are the same distance's prices.
 */
export function cheapestDistanceTiers(periodsByDistance: readonly (readonly PricePeriod[])[], today: string, eventDate: string): PriceTier[] | undefined {
  let cheapest: { fee: number; periods: readonly PricePeriod[] } | undefined;
  for (const periods of periodsByDistance) {
    const fee = lowestOpenFee(periods, today);
    if (fee !== undefined && (cheapest === undefined || fee < cheapest.fee)) cheapest = { fee, periods };
  }
  return cheapest && priceTiersOf(cheapest.periods, today, eventDate);
}

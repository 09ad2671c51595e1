/** A race's prices with deadlines in words, for its page and its link preview ("$65 until Mar 1, then $80"). */
import { formatIsoDate } from './date-format.ts';
import { formatFee } from './fee-format.ts';
import { tierOn, type PriceTier } from './price-tiers.ts';

/** The tiers still ahead of a runner on `today`, the one sold today first (the last one, when all have passed). */
export function tiersFrom(tiers: readonly PriceTier[], today: string): PriceTier[] {
  const current = tierOn(tiers, today);
  return current ? tiers.slice(tiers.indexOf(current)) : [];
}

/** 'Mar 1', with the year only when it is not the year of `today`. */
function shortDate(date: string, today: string): string {
  return formatIsoDate(date, { weekday: undefined, year: date.slice(0, 4) === today.slice(0, 4) ? undefined : 'numeric' });
}

/** "$65 until Mar 1, then $80 until Apr 15, then $95": the prices still ahead; undefined without tiers. */
export function describePriceTiers(tiers: readonly PriceTier[] | undefined, today: string): string | undefined {
  if (!tiers || tiers.length === 0) return undefined;
  const ahead = tiersFrom(tiers, today);
  return ahead
    .map((tier, index) => {
      const fee = formatFee(tier.fee) ?? '';
      const until = tier.until && (index < ahead.length - 1 || tier.until >= today) ? ` until ${shortDate(tier.until, today)}` : '';
      return `${index === 0 ? '' : 'then '}${fee}${until}`;
    })
    .join(', ');
}

/**
 * What a race costs in words on `today`: its prices still ahead when it sells in tiers, else its one fee ('$45',
 * 'Free'); undefined when it gives none. The event page and its link preview say the same.
 */
export function describeFee(event: { readonly registrationFee?: number; readonly priceTiers?: readonly PriceTier[] }, today: string): string | undefined {
  return describePriceTiers(event.priceTiers, today) ?? formatFee(event.registrationFee);
}

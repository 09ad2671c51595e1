/**
 * A race's registration prices over time, as races sell them: "$65 until Mar 1, then $80". Each tier is a fee and
 * the last day it is sold at (on the product's calendar, America/New_York, as every date of the catalogue); the
 * last tier may run until registration closes. An event with tiers stores the fee of the tier sold on the day it
 * was written as `registrationFee` (the event store sets it), and every reader asks feeOn for the day it is read,
 * so a card, the page and the structured data never show a price whose deadline has passed. The tiers in words are
 * price-tier-words.ts's and their checks price-tier-checks.ts's: this module is on every card, in the first load.
 */
export interface PriceTier {
  readonly fee: number;
  /** The last day at this fee (YYYY-MM-DD); absent on a last tier sold until registration closes. */
  readonly until?: string;
}

/** Tiers an event may have: enough for early bird, regular, late and race week. */
export const MAX_PRICE_TIERS = 6;

/**
 * The tier sold on `today`: the first whose last day is today or later, else the last one (its deadline passed but
 * the race did not say what comes after, so its last price is still the best word there is).
 */
export function tierOn(tiers: readonly PriceTier[], today: string): PriceTier | undefined {
  return tiers.find((tier) => tier.until === undefined || tier.until >= today) ?? tiers.at(-1);
}

/** The fee a runner pays on `today`: the tier's when the event sells in tiers, else its one fee. */
export function feeOn(event: { readonly registrationFee?: number; readonly priceTiers?: readonly PriceTier[] }, today: string): number | undefined {
  return event.priceTiers && event.priceTiers.length > 0 ? tierOn(event.priceTiers, today)?.fee : event.registrationFee;
}

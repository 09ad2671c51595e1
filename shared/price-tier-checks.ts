/** The rules a race's prices with deadlines keep, checked by the organizer's form and by the server (shared/price-tiers.ts). */
import type { PriceTier } from './price-tiers.ts';

/**
 * What is wrong with a list of tiers, as a person reads it, or undefined: each tier but the last needs its last
 * day, the days must run in order, and none may be after the race.
 */
export function priceTiersProblem(tiers: readonly PriceTier[], eventDate: string | undefined): string | undefined {
  if (tiers.slice(0, -1).some((tier) => tier.until === undefined)) return 'Give the last day of every price but the last';
  for (let index = 1; index < tiers.length; index += 1) {
    const before = tiers[index - 1]?.until;
    const until = tiers[index]?.until;
    if (before !== undefined && until !== undefined && until <= before) return 'Each price must end after the one before it';
  }
  if (eventDate && tiers.some((tier) => tier.until !== undefined && tier.until > eventDate)) return 'A price cannot be sold after the event date';
  return undefined;
}

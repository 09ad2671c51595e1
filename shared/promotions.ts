/**
 * Promotion tiers, scopes and prices: the one pricing table (DESIGN section 8). The server computes every
 * amount from here; clients never send one.
 */
import { addDays, daysBetween } from './dates.ts';
import { enumLabel } from './event-vocabulary.ts';
import { US_STATES, type StateCode } from './us-states.ts';

export const PROMOTION_TIERS = ['featured', 'premium', 'spotlight'] as const;
export type PromotionTier = (typeof PROMOTION_TIERS)[number];

/** Price per day in US cents. */
export const DAILY_RATE_CENTS: Readonly<Record<PromotionTier, number>> = { featured: 100, premium: 300, spotlight: 500 };

/** Higher ranks first in search results. */
export const TIER_RANK: Readonly<Record<PromotionTier, number>> = { spotlight: 3, premium: 2, featured: 1 };

export const PROMOTION_SCOPES = ['site', 'state', 'event_type'] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

export const MIN_PROMOTION_DAYS = 1;
export const MAX_PROMOTION_DAYS = 90;

/** Days from start to end, both inclusive (YYYY-MM-DD dates; 0 or less when end is before start). */
export function promotionDays(startDate: string, endDate: string): number {
  return daysBetween(startDate, endDate) + 1;
}

/**
 * The dates a promotion runs once approved on `approvedOn` (YYYY-MM-DD, America/New_York): the days paid for
 * count from approval, never while it waits for an admin, so one approved after its start date starts that
 * day and keeps its number of days. It still ends by the race (`eventDate`): search lists upcoming races only.
 */
export function datesFromApproval(
  bought: { readonly startDate: string; readonly endDate: string },
  approvedOn: string,
  eventDate: string,
): { startDate: string; endDate: string } {
  if (approvedOn <= bought.startDate) return { startDate: bought.startDate, endDate: bought.endDate };
  const endDate = addDays(approvedOn, promotionDays(bought.startDate, bought.endDate) - 1);
  return { startDate: approvedOn, endDate: endDate > eventDate ? eventDate : endDate };
}

/** The price of a promotion in US cents: the tier's daily rate times its days. The only price there is. */
export function promotionPriceCents(tier: PromotionTier, startDate: string, endDate: string): number {
  return DAILY_RATE_CENTS[tier] * promotionDays(startDate, endDate);
}

/** What the promote dialog says of prices, from the same table ('featured $1, premium $3, spotlight $5 a day'). */
export const PROMOTION_TIER_LABELS: Readonly<Record<PromotionTier, string>> = { featured: 'Featured', premium: 'Premium', spotlight: 'Spotlight' };

/** Where a promotion shows, in words ('Site-wide', 'Colorado', 'Trail Race events'). */
export function promotionScopeLabel(scope: PromotionScope, scopeValue: string | undefined): string {
  if (scope === 'site' || !scopeValue) return 'Site-wide';
  if (scope === 'state') return US_STATES[scopeValue as StateCode] ?? scopeValue;
  return `${enumLabel(scopeValue)} events`;
}

/**
 * A price in US cents as the UI and Stripe's line item show it ('$12', '$1.50'); with `cents`, as a receipt
 * writes an amount paid or refunded ('$12.00').
 */
export function formatUsd(cents: number, { cents: alwaysCents = false }: { cents?: boolean } = {}): string {
  return `$${(cents / 100).toFixed(alwaysCents || cents % 100 !== 0 ? 2 : 0)}`;
}

/**
 * Promotion tiers, scopes and prices: the one pricing table (DESIGN section 8). The server computes every
 * amount from here; clients never send one.
 */
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

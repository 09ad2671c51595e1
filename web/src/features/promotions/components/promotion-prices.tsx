/** The price of each promotion type, from the one table the server prices with (shared/promotions.ts). */
import { DAILY_RATE_CENTS, PROMOTION_TIERS, PROMOTION_TIER_LABELS, formatUsd } from '#shared/promotions';
import './promotion-prices.css';

const TIER_TEXT = {
  featured: 'Shown ahead of regular listings in the searches you choose, with a Featured badge.',
  premium: 'Above featured events, with a Premium badge.',
  spotlight: 'The top of the results, with a Spotlight badge.',
} as const;

export function PromotionPrices() {
  return (
    <ul className="promo-prices" aria-label="Promotion prices">
      {PROMOTION_TIERS.map((tier) => (
        <li key={tier} className={`promo-price promo-price--${tier}`}>
          <h2 className="promo-price__name">{PROMOTION_TIER_LABELS[tier]}</h2>
          <p className="promo-price__amount">
            {formatUsd(DAILY_RATE_CENTS[tier])}
            <span> a day</span>
          </p>
          <p className="promo-price__text">{TIER_TEXT[tier]}</p>
        </li>
      ))}
    </ul>
  );
}

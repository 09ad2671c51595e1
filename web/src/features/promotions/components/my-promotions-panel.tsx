/**
 * The organizer's promotions (spec 001's Promotions list): the event, a payment badge, 'Admin Approved' (or
 * where the review stands), type, where it shows, the dates, the total and the administrator's notes. A
 * promotion still awaiting payment links back to its Stripe checkout while that page is open.
 */
import { Link } from 'react-router-dom';
import { PROMOTION_TIER_LABELS, formatUsd, promotionDays, promotionScopeLabel } from '#shared/promotions';
import type { Promotion, PromotionPaymentStatus } from '#shared/schemas/promotion';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useMyPromotions } from '../api/use-promotions.ts';
import '../../../components/state-panel.css';
import '../../../components/status-pill.css';
import './my-promotions-panel.css';

const PAYMENT_BADGE: Record<PromotionPaymentStatus, { text: string; tone: string }> = {
  pending: { text: 'Awaiting payment', tone: 'pending' },
  failed: { text: 'Checkout expired', tone: 'neutral' },
  paid: { text: 'Paid', tone: 'good' },
  refunded: { text: 'Refunded', tone: 'neutral' },
};

function reviewBadge(promotion: Promotion): { text: string; tone: string } | undefined {
  if (promotion.reviewStatus === 'approved') return { text: 'Admin Approved', tone: 'good' };
  if (promotion.reviewStatus === 'rejected') return { text: 'Not approved', tone: 'bad' };
  return promotion.paymentStatus === 'paid' ? { text: 'In review', tone: 'pending' } : undefined;
}

function PromotionRow({ promotion }: { promotion: Promotion }) {
  const days = promotionDays(promotion.startDate, promotion.endDate);
  const payment = PAYMENT_BADGE[promotion.paymentStatus];
  const review = reviewBadge(promotion);
  return (
    <li className="promo-row">
      <div className="promo-row__head">
        <Link className="promo-row__title" to={`/events/${promotion.eventId}`}>
          {promotion.eventTitle ?? 'Your event'}
        </Link>
        <span className="promo-row__badges">
          <span className={`status-pill status-pill--${payment.tone}`}>{payment.text}</span>
          {review ? <span className={`status-pill status-pill--${review.tone}`}>{review.text}</span> : null}
        </span>
      </div>
      <dl className="promo-row__facts">
        <div>
          <dt>Type</dt>
          <dd>{PROMOTION_TIER_LABELS[promotion.tier]}</dd>
        </div>
        <div>
          <dt>Shown in</dt>
          <dd>{promotionScopeLabel(promotion.scope, promotion.scopeValue)}</dd>
        </div>
        <div>
          <dt>Runs</dt>
          <dd>
            {formatEventDate(promotion.startDate)} to {formatEventDate(promotion.endDate)} ({days} day{days === 1 ? '' : 's'})
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatUsd(promotion.amountCents)}</dd>
        </div>
      </dl>
      {promotion.adminNotes ? <p className="promo-row__notes">Administrator's note: {promotion.adminNotes}</p> : null}
      {promotion.paymentStatus === 'pending' && promotion.checkoutUrl ? (
        <p className="promo-row__notes">
          <a className="promo-row__pay" href={promotion.checkoutUrl}>
            Complete payment
          </a>{' '}
          (the checkout page stays open for 24 hours).
        </p>
      ) : null}
    </li>
  );
}

export function MyPromotionsPanel() {
  const promotions = useMyPromotions();
  const items = promotions.data?.pages.flatMap((page) => page.items) ?? [];
  if (promotions.isLoading) return <LoadingBlock label="Loading your promotions" />;
  if (promotions.isError && items.length === 0) {
    return (
      <LoadErrorPanel title="Unable to load your promotions" error={promotions.error} retry={() => void promotions.refetch()} />
    );
  }
  if (items.length === 0) {
    return (
      <div className="state-panel">
        <p className="state-panel__title">No promotions yet</p>
        <p className="state-panel__text">Promote an event you own to show it first in search results for a state, an event type or the whole site.</p>
        <ButtonLink to="/promote-event" variant="primary">
          How promotions work
        </ButtonLink>
      </div>
    );
  }
  return (
    <>
      <ul className="promo-list">
        {items.map((promotion) => (
          <PromotionRow key={promotion.id} promotion={promotion} />
        ))}
      </ul>
      {promotions.hasNextPage ? (
        <Button onClick={() => void promotions.fetchNextPage()} disabled={promotions.isFetchingNextPage}>
          {promotions.isFetchingNextPage ? 'Loading…' : 'Show more promotions'}
        </Button>
      ) : null}
    </>
  );
}

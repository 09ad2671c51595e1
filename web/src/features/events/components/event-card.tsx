import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { enumLabel } from '#shared/event-vocabulary';
import type { PromotionTier } from '#shared/promotions';
import type { EventSummary } from '#shared/schemas/search';
import { buttonClass } from '../../../components/button.tsx';
import { ClaimEventLink } from '../../../components/claim-event-link.tsx';
import { useReaderUnit } from '../../../components/course/reader-unit.ts';
import { formatElevation } from '#shared/elevation-format';
import { useClaimedLabel } from '../../../components/claimed-label.ts';
import { EventImage } from '../../../components/event-art.tsx';
import { EventStatusPill, SoldOutPill } from '../../../components/event-status-pill.tsx';
import { CalendarIcon, PinIcon } from '../../../components/icons.tsx';
import { DESCRIPTION_FALLBACK, formatDistances, formatEventDate, formatFee } from '../../../lib/event-format.ts';
import { formatStartClock } from '#shared/start-clock';
import { todayInNewYork } from '#shared/dates';
import { feeOn } from '#shared/price-tiers';
import './events.css';

/** List rows (the search page's default), a compact grid, or large cards. */
export type EventLayout = 'list' | 'compact' | 'cards';

export interface EventCardProps {
  event: EventSummary;
  layout: EventLayout;
  /**
   * Controls shown on the card's image corner (the save heart): passed in by the page that composes the card,
   * so the events feature does not depend on the features that act on an event.
   */
  actions?: ReactNode;
}

/**
 * A paid promotion's badge: its own tier, marked as paid placement. Advertising rules (and runners) expect
 * an ad to say it is one, so it is never the editorial "Featured" pick, which editors give and nobody buys.
 */
function PromotionFlag({ tier }: { tier: PromotionTier }) {
  return (
    <span className={`event-flag event-flag--promoted event-flag--${tier}-tier`} title="Paid placement">
      {/* The tier's name is its id in words (PROMOTION_TIER_LABELS has the same), without the promotions module on the first load. */}
      {enumLabel(tier)}
      <span aria-hidden="true">·</span>
      <span className="event-flag__paid">Promoted</span>
    </span>
  );
}

export function EventCard({ event, layout, actions }: EventCardProps) {
  const titleId = useId();
  // A race sold in tiers costs what today's tier says, not what it cost when its card was indexed.
  const fee = formatFee(feeOn(event, todayInNewYork()));
  const distance = formatDistances(event.distances);
  const detailsPath = `/events/${encodeURIComponent(event.id)}`;
  const claimed = useClaimedLabel(event.organizerId);
  // The climb of an uploaded course, in the reader's units (ft for miles, m for km).
  const unit = useReaderUnit();

  return (
    <article className={`event-card event-card--${layout}`} aria-labelledby={titleId}>
      <div className="event-card__media">
        <EventImage imageUrl={event.imageUrl} eventType={event.eventType} />
        {event.featured || event.promotion || event.verified || claimed ? (
          <div className="event-card__flags">
            {event.featured ? <span className="event-flag event-flag--featured">Featured</span> : null}
            {event.promotion ? <PromotionFlag tier={event.promotion.tier} /> : null}
            {event.verified ? (
              <span className="event-flag event-flag--verified">
                <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
                  <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                Verified
              </span>
            ) : null}
            {claimed ? <span className={`event-flag event-flag--claimed${claimed === 'Claimed' ? '' : ' event-flag--mine'}`}>{claimed}</span> : null}
          </div>
        ) : null}
        {actions ? <div className="event-card__save">{actions}</div> : null}
      </div>

      <div className="event-card__body">
        <h3 className="event-card__title" id={titleId}>
          <Link to={detailsPath}>{event.title}</Link>
        </h3>
        <ul className="event-card__meta">
          <li className="event-card__date">
            <CalendarIcon size={16} />
            <time dateTime={event.eventDate}>{formatEventDate(event.eventDate)}</time>
            {/* The start on the race's own clock; its zone is on the event's page. */}
            {event.startTime ? ` · ${formatStartClock(event.startTime)}` : null}
            <EventStatusPill status={event.status} />
          </li>
          <li>
            <PinIcon size={16} />
            <span>
              {event.city}, {event.state}
              {event.distanceMiles === undefined ? null : ` · ${event.distanceMiles.toFixed(1)} mi away`}
            </span>
          </li>
          {event.course && <li>Climb {formatElevation(unit, event.course.gainMeters)}</li>}
          {event.rating ? (
            <li className="event-card__rating">
              <span aria-hidden="true">★ </span>
              {event.rating.average.toFixed(1)}
              <span className="visually-hidden"> out of 5</span> ({event.rating.count}
              <span className="visually-hidden">{event.rating.count === 1 ? ' review' : ' reviews'}</span>)
            </li>
          ) : null}
        </ul>
        <ul className="event-card__tags" aria-label="Event details">
          <li className="event-tag event-tag--type">{enumLabel(event.eventType)}</li>
          <li className="event-tag">{enumLabel(event.terrainType)}</li>
          {distance ? (
            <li className="event-tag event-tag--distance" title={event.distances.join(', ')}>
              {distance}
            </li>
          ) : null}
        </ul>
        {layout === 'compact' ? null : <p className="event-card__description">{event.description?.trim() || DESCRIPTION_FALLBACK}</p>}
        <div className="event-card__footer">
          {fee ? (
            <p className="event-card__fee">
              <span className="visually-hidden">Registration fee: </span>
              {fee}
            </p>
          ) : null}
          {event.soldOut ? <SoldOutPill /> : null}
          <div className="event-card__actions">
            <Link className={buttonClass({ variant: 'secondary', size: 'sm' })} to={detailsPath}>
              View Details <span className="visually-hidden">of {event.title}</span>
            </Link>
            {event.registrationUrl && event.status !== 'cancelled' ? (
              <a className={buttonClass({ variant: 'primary', size: 'sm' })} href={event.registrationUrl} target="_blank" rel="noopener noreferrer">
                Register <span className="visually-hidden">for {event.title} (opens in a new tab)</span>
              </a>
            ) : null}
            <ClaimEventLink event={event} />
          </div>
        </div>
      </div>
    </article>
  );
}

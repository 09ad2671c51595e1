/** Small pieces the directory's cards and an organization's page share: the verified badge, the rating and the counts. */
import { enumLabel } from '#shared/event-vocabulary';
import { countOf } from '#shared/plural';
import type { OrganizationCard } from '#shared/schemas/organization';
import { StarIcon } from '../../../components/icons.tsx';
import './organizers.css';

/** Admin-checked organizations: every one made from an approved organizer application. */
export function VerifiedBadge() {
  return (
    <span className="org-badge" title="An administrator checked this organization">
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Verified
    </span>
  );
}

/** '4.3 (12 reviews)' with a star; nothing while there are no reviews. */
export function RatingLine({ rating }: { rating: OrganizationCard['rating'] }) {
  if (!rating) return null;
  return (
    <span className="org-rating">
      <StarIcon size={16} />
      <span>
        <strong>{rating.average.toFixed(1)}</strong>
        <span className="visually-hidden"> out of 5 stars</span> ({countOf(rating.count, 'review')})
      </span>
    </span>
  );
}

/** '12 events · 3 upcoming', or that none is listed yet. */
export function eventCountText(card: Pick<OrganizationCard, 'eventCount' | 'upcomingEventCount'>): string {
  if (card.eventCount === 0) return 'No public events yet';
  return `${countOf(card.eventCount, 'event')} · ${card.upcomingEventCount.toLocaleString('en-US')} upcoming`;
}

/** The kinds of race as tags, the most frequent first. */
export function SpecialtyTags({ specialties, max = 3 }: { specialties: OrganizationCard['specialties']; max?: number }) {
  if (specialties.length === 0) return null;
  const shown = specialties.slice(0, max);
  return (
    <ul className="org-tags" aria-label="Kinds of race">
      {shown.map((type) => (
        <li key={type} className="org-tag">
          {enumLabel(type)}
        </li>
      ))}
      {specialties.length > shown.length ? <li className="org-tag org-tag--more">+{specialties.length - shown.length} more</li> : null}
    </ul>
  );
}

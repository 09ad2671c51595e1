/** One review: stars, who and when, the saved-before badge, the words (as text), the facets and its actions. */
import type { ReactNode } from 'react';
import { todayInNewYork } from '#shared/dates';
import { REVIEW_FACETS, REVIEW_FACET_LABELS, type Review } from '#shared/schemas/review';
import { formatEventDate } from '../../../lib/event-format.ts';
import { Stars } from '../../../components/stars.tsx';
import './reviews.css';

export function ReviewItem({ review, heading, actions }: { review: Review; heading?: ReactNode; actions?: ReactNode }) {
  const facets = REVIEW_FACETS.filter((facet) => review.facets[facet] !== undefined);
  return (
    <article className="review-item" aria-label={`Review by ${review.authorName}`}>
      {heading}
      <header className="review-item__head">
        <Stars value={review.overall} label={`${review.overall} out of 5 stars`} />
        <span className="review-item__author">{review.authorName}</span>
        <time className="review-item__date" dateTime={review.createdAt}>
          {formatEventDate(todayInNewYork(new Date(review.createdAt)))}
        </time>
        {review.savedBefore ? (
          <span className="review-badge" title="Saved this race on RaceFinder before race day">
            Planned it ahead
          </span>
        ) : null}
        {review.distance ? <span className="review-item__distance">Ran the {review.distance}</span> : null}
      </header>
      <p className="review-item__text">{review.text}</p>
      {facets.length > 0 ? (
        <ul className="review-item__facets" aria-label="Detail ratings">
          {facets.map((facet) => (
            <li key={facet}>
              {REVIEW_FACET_LABELS[facet]} <Stars value={review.facets[facet]!} size="sm" />
            </li>
          ))}
        </ul>
      ) : null}
      {actions ? <div className="review-item__actions">{actions}</div> : null}
    </article>
  );
}

/**
 * /reviews: what runners said about the races they ran, newest first, by state and race type (in the URL, so
 * a filtered list can be shared). Each review links to its race.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { EVENT_TYPES, enumLabel } from '#shared/event-vocabulary';
import { STATE_CODES, US_STATES } from '#shared/us-states';
import { Button } from '../../../components/button.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useRecentReviews } from '../api/use-reviews.ts';
import { ReviewItem } from '../components/review-item.tsx';
import '../../../components/state-panel.css';
import '../components/reviews.css';

const STATE_OPTIONS = [{ value: '', label: 'Any state' }, ...STATE_CODES.map((code) => ({ value: code, label: US_STATES[code] }))];
const TYPE_OPTIONS = [{ value: '', label: 'Any race type' }, ...EVENT_TYPES.map((type) => ({ value: type, label: enumLabel(type) }))];

export default function ReviewsPage() {
  useDocumentTitle('Race Reviews');
  const [params, setParams] = useSearchParams();
  const state = (STATE_CODES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as string) : '';
  const type = (EVENT_TYPES as readonly string[]).includes(params.get('type') ?? '') ? (params.get('type') as string) : '';
  const reviews = useRecentReviews({ state, type });
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const choose = (name: 'state' | 'type', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader eyebrow="Community" title="Race Reviews" lede="What runners say about the races they ran: the course, the organization, the aid stations, the swag and the value." />
      <div className="container reviews-page">
        <div className="reviews-page__filters" role="search" aria-label="Filter reviews">
          <ChoiceField label="State" value={state} onChange={(value) => choose('state', value)} options={STATE_OPTIONS} />
          <ChoiceField label="Race type" value={type} onChange={(value) => choose('type', value)} options={TYPE_OPTIONS} />
        </div>
        {reviews.isLoading ? (
          <LoadingBlock label="Loading reviews" />
        ) : reviews.isError ? (
          <LoadErrorPanel title="Reviews could not load" error={reviews.error} retry={() => void reviews.refetch()} />
        ) : items.length === 0 ? (
          <div className="state-panel">
            <p className="state-panel__title">{state || type ? 'No reviews match' : 'No reviews yet'}</p>
            <p className="state-panel__text">
              {state || type ? 'Try another state or race type.' : 'Reviews appear here once runners review the races they ran.'} Ran a race? Find it in <Link to="/events">events</Link> or your dashboard and tell others how it went.
            </p>
          </div>
        ) : (
          <ul className="review-list" aria-label="Recent reviews">
            {items.map((review) => (
              <li key={review.id}>
                <ReviewItem
                  review={review}
                  heading={
                    <p className="reviews-page__race">
                      <Link to={`/events/${review.event.id}#reviews`}>{review.event.title}</Link>
                      <span>
                        {formatEventDate(review.event.eventDate)} · {review.event.city}, {review.event.state} · {enumLabel(review.event.eventType)}
                      </span>
                    </p>
                  }
                  actions={review.helpfulCount > 0 ? <span className="review-item__date">{review.helpfulCount} found this helpful</span> : undefined}
                />
              </li>
            ))}
          </ul>
        )}
        {reviews.hasNextPage ? (
          <Button onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
            {reviews.isFetchingNextPage ? 'Loading more reviews…' : 'More reviews'}
          </Button>
        ) : null}
      </div>
    </>
  );
}

/**
 * The event page's reviews: the race's figures, the athlete's own review (write, edit, delete) and everyone's,
 * newest first, with helpful votes and reports. Reviews open on race day: before it the section says when.
 */
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { raceHasStarted, type RaceClock } from '#shared/race-start';
import { REVIEW_FACETS, REVIEW_FACET_LABELS, type Review, type ReviewAggregate } from '#shared/schemas/review';
import { Button } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { whenWritingOpens } from '../../../lib/writing-opens.ts';
import { signInPath } from '../../../lib/sign-in-path.ts';
import { useDeleteReview, useHelpful, useRaceReviews } from '../api/use-reviews.ts';
import { ReportDialog } from './report-dialog.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReviewItem } from './review-item.tsx';
import { Stars } from '../../../components/stars.tsx';
import './reviews.css';

export function RaceReviews({ event }: { event: RaceClock & { id: string; distances: readonly string[]; title: string } }) {
  const { status } = useAuth();
  const location = useLocation();
  const reviews = useRaceReviews(event.id);
  const helpful = useHelpful(event.id);
  const { toast } = useToast();
  const [writing, setWriting] = useState(() => new URLSearchParams(location.search).get('review') === 'write');
  const [reporting, setReporting] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const happened = raceHasStarted(event, new Date());
  const first = reviews.data?.pages[0];
  const mine = first?.mine ?? null;
  const items = (reviews.data?.pages.flatMap((page) => page.items) ?? []).filter((review) => review.id !== mine?.id);

  const vote = (review: Review) =>
    helpful.mutate(
      { reviewId: review.id, on: !review.votedHelpful },
      { onError: (error) => toast({ title: 'Your vote was not saved', description: errorMessage(error), variant: 'destructive' }) },
    );

  return (
    <section className="event-section race-reviews" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="event-section__title">
        Reviews
      </h2>
      {reviews.isPending ? (
        <LoadingBlock label="Loading reviews" />
      ) : reviews.isError ? (
        <LoadErrorPanel title="Reviews could not load" error={reviews.error} retry={() => void reviews.refetch()} />
      ) : (
        <>
          <ReviewFigures aggregate={first!.aggregate} />
          <WriteArea
            happened={happened}
            event={event}
            signedIn={status === 'signedIn'}
            signInHref={signInPath(`${location.pathname}?review=write#reviews`)}
            mine={mine}
            writing={writing}
            onWrite={() => setWriting(true)}
          />
          {writing && status === 'signedIn' && happened ? <ReviewForm eventId={event.id} distances={event.distances} existing={mine ?? undefined} onDone={() => setWriting(false)} /> : null}
          {mine && !writing ? (
            <ReviewItem
              review={mine}
              heading={<p className="review-item__mine">Your review</p>}
              actions={
                <>
                  <Button size="sm" onClick={() => setWriting(true)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(true)}>
                    Delete
                  </Button>
                </>
              }
            />
          ) : null}
          {items.length === 0 && !mine ? <p className="event-muted">{happened ? 'No reviews yet. Ran it? Be the first to tell other runners how it went.' : 'No reviews yet.'}</p> : null}
          <ul className="review-list" aria-label="Reviews of this race">
            {items.map((review) => (
              <li key={review.id}>
                <ReviewItem
                  review={review}
                  actions={
                    status === 'signedIn' ? (
                      <>
                        <Button size="sm" aria-pressed={review.votedHelpful === true} onClick={() => vote(review)} disabled={helpful.isPending}>
                          Helpful{review.helpfulCount > 0 ? ` (${review.helpfulCount})` : ''}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setReporting(review.id)}>
                          Report<span className="visually-hidden"> the review by {review.authorName}</span>
                        </Button>
                      </>
                    ) : review.helpfulCount > 0 ? (
                      <span className="event-muted">{review.helpfulCount} found this helpful</span>
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
          {reviews.hasNextPage ? (
            <Button onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
              {reviews.isFetchingNextPage ? 'Loading more reviews…' : 'More reviews'}
            </Button>
          ) : null}
        </>
      )}
      {reporting ? <ReportDialog eventId={event.id} reviewId={reporting} onClose={() => setReporting(undefined)} /> : null}
      {deleting ? <DeleteReviewDialog eventId={event.id} onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

function ReviewFigures({ aggregate }: { aggregate: ReviewAggregate }) {
  if (aggregate.count === 0 || aggregate.average === null) return null;
  const facets = REVIEW_FACETS.filter((facet) => aggregate.facets[facet]);
  return (
    <div className="review-figures">
      <div className="review-figures__overall">
        <p className="review-figures__average">{aggregate.average.toFixed(1)}</p>
        <Stars value={aggregate.average} size="lg" label={`Rated ${aggregate.average.toFixed(1)} out of 5`} />
        <p className="event-muted">
          {aggregate.count} review{aggregate.count === 1 ? '' : 's'}
        </p>
      </div>
      <table className="review-figures__bars">
        <caption className="visually-hidden">How many reviews gave each number of stars</caption>
        <tbody>
          {[5, 4, 3, 2, 1].map((stars) => {
            const count = aggregate.distribution[stars - 1] ?? 0;
            return (
              <tr key={stars}>
                <th scope="row">{stars} ★</th>
                <td>
                  <span className="review-figures__bar" aria-hidden="true">
                    <span style={{ width: `${(count / aggregate.count) * 100}%` }} />
                  </span>
                </td>
                <td className="review-figures__count">{count}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {facets.length > 0 ? (
        <ul className="review-figures__facets" aria-label="Detail ratings">
          {facets.map((facet) => (
            <li key={facet}>
              <span>{REVIEW_FACET_LABELS[facet]}</span>
              <strong>{aggregate.facets[facet]!.average.toFixed(1)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function WriteArea({ happened, event, signedIn, signInHref, mine, writing, onWrite }: { happened: boolean; event: RaceClock; signedIn: boolean; signInHref: string; mine: Review | null; writing: boolean; onWrite(): void }) {
  if (!happened) return <p className="event-muted">Reviews open {whenWritingOpens(event)}.</p>;
  if (!signedIn) {
    return (
      <p>
        <Link to={signInHref}>Sign in to write a review</Link> of this race.
      </p>
    );
  }
  if (mine || writing) return null;
  return (
    <Button variant="primary" onClick={onWrite}>
      Write a review
    </Button>
  );
}

function DeleteReviewDialog({ eventId, onClose }: { eventId: string; onClose(): void }) {
  const titleId = useId();
  const remove = useDeleteReview(eventId);
  const { toast } = useToast();
  return (
    <ModalDialog titleId={titleId} width={420} onCancel={onClose}>
      <div className="review-dialog">
        <h2 id={titleId} className="modal-dialog__title">
          Delete your review?
        </h2>
        <p>It leaves the race's page and its rating. You can write a new one later.</p>
        <div className="review-form__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast({ title: 'Review deleted' });
                  onClose();
                },
                onError: (error) => toast({ title: 'The review was not deleted', description: errorMessage(error), variant: 'destructive' }),
              })
            }
          >
            Delete review
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

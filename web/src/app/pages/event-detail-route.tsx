import EventDetailPage from '../../features/event-detail/pages/event-detail-page.tsx';
import { ClaimPanel } from '../../features/claims/components/claim-panel.tsx';
import { EditEventAction } from '../../features/organizer-events/components/edit-event-action.tsx';
import type { EventDetail } from '../../features/event-detail/api/use-event.ts';
import { pageSaveAction } from './event-actions.tsx';
import { RaceReviews } from '../../features/reviews/components/race-reviews.tsx';
import { RaceTrainingSlot } from '../../features/training/components/race-training-slot.tsx';
import ReviewsPage from '../../features/reviews/pages/reviews-page.tsx';

// Here rather than in event-actions.tsx (which ships with the search page in the entry): the panel reads the
// organizer's claim, which only the event page needs. Admins and the owner edit the event from here.
function pageClaimAction(event: EventDetail) {
  return (
    <>
      <EditEventAction event={event} />
      <ClaimPanel event={event} />
    </>
  );
}

function pageReviews(event: EventDetail) {
  return <RaceReviews event={event} />;
}

function pageTraining(event: EventDetail) {
  return <RaceTrainingSlot event={event} />;
}

/**
 * /reviews lives in this chunk too (more-pages.tsx loads it from here). A feature used by two lazily loaded
 * chunks becomes a chunk of shared modules, and then the bundler (rolldown) splits modules it shares with
 * the entry off the entry, which costs the public first load about 1.8 KB gzip; one chunk avoids that.
 */
export { ReviewsPage };

/**
 * /events/:id, in a chunk of its own: the event page with the Save button, an organizer's claim in its action panel,
 * the reviews, and "Train for this race" (its panel and plan form in a chunk of their own).
 */
export default function EventDetailRoute() {
  return <EventDetailPage saveAction={pageSaveAction} claimAction={pageClaimAction} reviews={pageReviews} training={pageTraining} />;
}

/**
 * /admin/reviews: moderation of what athletes write. 'Reported reviews' is the queue of reviews athletes
 * reported and no admin has decided on, oldest report first: the review as written, its race, the reasons with
 * their counts and the first report; Hide (it leaves the race's page, lists and figures) or Keep (it stays and
 * leaves the queue), each confirmed in a Modal with an optional note kept on the review. 'Recaps' lists every
 * race recap, newest first: Feature or Unfeature it in the athlete spotlights, Hide it or Restore it.
 */
import Flashbar from '@cloudscape-design/components/flashbar';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminRecap } from '#shared/schemas/recap';
import type { ReportedReview } from '#shared/schemas/review';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { adminRecapsArea } from '../../lib/api-areas/admin-recaps.ts';
import { adminReviewsArea } from '../../lib/api-areas/admin-reviews.ts';
import { useApi } from '../../lib/use-api.ts';
import type { AdminSection } from '../admin-sections.ts';
import { CursorTable, DecisionModal } from '../queue-parts.tsx';
import { useFlashes, type FlashMessage } from '../use-flashes.ts';
import { useQueueDecision } from '../use-queue-decision.ts';
import { recapColumns, type RecapDecision } from './recap-columns.tsx';
import { reportedReviewColumns, type ReviewDecision } from './reported-review-columns.tsx';
import { useAdminRecaps, useReportedReviews } from './use-review-moderation.ts';

/** Decision notes stay on the item for admins (shared/schemas: at most 500 characters). */
const NOTE_MAX = 500;
const NOTE_DESCRIPTION = 'Optional. Kept with the decision for other admins; the author does not see it.';

/** The note as the server takes it: trimmed, and left out when empty. */
const noteBody = (note: string) => (note.trim() ? { note: note.trim() } : {});

/** What each decision on a recap did, or the header when it failed. */
const RECAP_OUTCOMES: Record<RecapDecision | 'feature' | 'unfeature', { succeeded(recap: AdminRecap): { header: string; content: string }; failed: string }> = {
  hide: { succeeded: (recap) => ({ header: 'Recap hidden', content: `“${recap.title}” no longer shows on RaceFinder.` }), failed: 'Hiding failed' },
  restore: { succeeded: (recap) => ({ header: 'Recap restored', content: `“${recap.title}” is published again.` }), failed: 'Restoring failed' },
  feature: { succeeded: (recap) => ({ header: 'Recap featured', content: `“${recap.title}” shows on Athlete Spotlights.` }), failed: 'Featuring failed' },
  unfeature: { succeeded: (recap) => ({ header: 'Recap unfeatured', content: `“${recap.title}” left Athlete Spotlights.` }), failed: 'Unfeaturing failed' },
};

type View = 'reported' | 'recaps';
const VIEWS: { id: View; text: string }[] = [
  { id: 'reported', text: 'Reported reviews' },
  { id: 'recaps', text: 'Recaps' },
];
const viewFrom = (value: string | null): View => (value === 'recaps' ? 'recaps' : 'reported');

export function ReviewsPage({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  const [params, setParams] = useSearchParams();
  const view = viewFrom(params.get('view'));
  const { items: flashItems, flash } = useFlashes();
  const picker = (
    <SegmentedControl
      label="What to show"
      selectedId={view}
      options={VIEWS}
      onChange={({ detail }) => setParams(detail.selectedId === 'reported' ? {} : { view: detail.selectedId }, { replace: true })}
    />
  );
  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      {view === 'recaps' ? <RecapsTable section={section} picker={picker} flash={flash} /> : <ReportedReviews section={section} picker={picker} flash={flash} />}
    </SpaceBetween>
  );
}

interface ViewProps {
  readonly section: AdminSection;
  readonly picker: ReactNode;
  flash(message: FlashMessage): void;
}

function ReportedReviews({ section, picker, flash }: ViewProps) {
  const api = useApi(adminReviewsArea);
  const list = useReportedReviews();
  const { busy, deciding, open, modal } = useQueueDecision<ReportedReview, ReviewDecision>({
    idOf: (review) => review.id,
    send: (review, decision, note) => api('moderateRaceReview', { path: { id: review.eventId, reviewId: review.id }, body: { decision, ...noteBody(note) } }),
    succeeded: (review, decision) =>
      decision === 'hide'
        ? { header: 'Review hidden', content: `${review.authorName}'s review of ${review.event.title} no longer shows and left the race's figures.` }
        : { header: 'Review kept', content: `${review.authorName}'s review of ${review.event.title} stays published; its reports are closed.` },
    failedHeader: (decision) => (decision === 'hide' ? 'Hiding failed' : 'Keeping failed'),
    flash,
    onSettled: () => void list.refresh(),
  });
  const hiding = deciding?.decision === 'hide';
  return (
    <>
      <CursorTable
        section={section}
        list={list}
        what="reported reviews"
        tableLabel="Reported reviews"
        columnDefinitions={reportedReviewColumns({ busy, onDecide: open })}
        filter={picker}
        empty={{ title: 'No reported reviews', text: 'Reviews athletes report appear here, oldest report first.' }}
      />
      <DecisionModal
        {...modal}
        header={hiding ? 'Hide review' : 'Keep review'}
        confirmText={hiding ? 'Hide' : 'Keep'}
        sentence={
          deciding
            ? hiding
              ? `${deciding.item.authorName}'s review of ${deciding.item.event.title} will be hidden: it leaves the race's page, every list and the race's rating. This cannot be undone here.`
              : `${deciding.item.authorName}'s review of ${deciding.item.event.title} stays published and leaves this queue; later reports will not bring it back.`
            : null
        }
        notesFor="the record"
        notesDescription={NOTE_DESCRIPTION}
        notesMax={NOTE_MAX}
      />
    </>
  );
}

function RecapsTable({ section, picker, flash }: ViewProps) {
  const api = useApi(adminRecapsArea);
  const list = useAdminRecaps();
  // Hide and Restore are confirmed with a note; Feature and Unfeature, as easily undone, are sent at once.
  const { busy, deciding, open, decideNow, modal } = useQueueDecision<AdminRecap, RecapDecision | 'feature' | 'unfeature'>({
    idOf: (recap) => recap.id,
    send: (recap, decision, note) => {
      if (decision === 'feature') return api('featureRecap', { path: { id: recap.id } });
      if (decision === 'unfeature') return api('unfeatureRecap', { path: { id: recap.id } });
      return api('moderateRecap', { path: { id: recap.id }, body: { decision, ...noteBody(note) } });
    },
    succeeded: (recap, decision) => RECAP_OUTCOMES[decision].succeeded(recap),
    failedHeader: (decision) => RECAP_OUTCOMES[decision].failed,
    flash,
    onSettled: () => void list.refresh(),
  });
  const hiding = deciding?.decision === 'hide';
  return (
    <>
      <CursorTable
        section={section}
        list={list}
        what="recaps"
        tableLabel="Race recaps"
        columnDefinitions={recapColumns({ busy, onDecide: open, onFeature: (recap, on) => decideNow(recap, on ? 'feature' : 'unfeature') })}
        filter={picker}
        empty={{ title: 'No recaps yet', text: 'Race recaps athletes write on /submit-race-recap appear here, newest first.' }}
      />
      <DecisionModal
        {...modal}
        header={hiding ? 'Hide recap' : 'Restore recap'}
        confirmText={hiding ? 'Hide' : 'Restore'}
        sentence={
          deciding
            ? hiding
              ? `“${deciding.item.title}” by ${deciding.item.authorName} will be hidden: its page, the community feed and the spotlights no longer show it, and its author can no longer edit it.`
              : `“${deciding.item.title}” by ${deciding.item.authorName} is published again (not featured: feature it again if you want it in the spotlights).`
            : null
        }
        notesFor="the record"
        notesDescription={NOTE_DESCRIPTION}
        notesMax={NOTE_MAX}
      />
    </>
  );
}

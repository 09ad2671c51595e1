import EventDetailPage from '../../features/event-detail/pages/event-detail-page.tsx';
import { ClaimPanel } from '../../features/claims/components/claim-panel.tsx';
import type { EventDetail } from '../../features/event-detail/api/use-event.ts';
import { pageSaveAction } from './event-actions.tsx';

// Here rather than in event-actions.tsx (which ships with the search page in the entry): the panel reads the
// organizer's claim, which only the event page needs.
function pageClaimAction(event: EventDetail) {
  return <ClaimPanel event={event} />;
}

/** /events/:id, in a chunk of its own: the event page with the Save button and an organizer's claim in its action panel. */
export default function EventDetailRoute() {
  return <EventDetailPage saveAction={pageSaveAction} claimAction={pageClaimAction} />;
}

/**
 * The claim part of the event page's action panel, for organizers and admins: the state of their own claim on
 * the event (waiting for review, or not approved with the admin's notes) and Claim Event when they may claim
 * it. Owners see nothing here: the page's 'Claimed by You' badge says it.
 */
import { useRole } from '../../../lib/use-me.ts';
import { mayClaim } from '../api/claim-roles.ts';
import { useMyClaim } from '../api/use-claims.ts';
import { ClaimEventButton, type ClaimTarget } from './claim-event-button.tsx';

export function ClaimPanel({ event }: { event: ClaimTarget }) {
  const role = useRole();
  const allowed = mayClaim(role) && !event.organizerId;
  const mine = useMyClaim(event.id, allowed);
  if (!allowed) return null;
  const claim = mine.data?.claim;
  if (claim?.status === 'pending') {
    return (
      <p className="event-panel__status" role="status">
        Your claim on this event is waiting for review by an administrator.
      </p>
    );
  }
  return (
    <>
      {claim?.status === 'rejected' ? (
        <div className="event-panel__status event-panel__status--closed" role="status">
          <p>Your last claim on this event was not approved.</p>
          {claim.adminNotes ? <p>Administrator's note: {claim.adminNotes}</p> : null}
        </div>
      ) : null}
      {mine.isLoading ? null : <ClaimEventButton event={event} size="md" block label={claim ? 'Claim Again' : 'Claim Event'} />}
    </>
  );
}

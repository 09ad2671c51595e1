/**
 * The claim part of the event page's action panel, for organizers (offersClaim): the state of their own claim on
 * the event (waiting for review, or not approved with the admin's notes) and Claim Event, which opens the
 * claim dialog (also opened on arrival from a card's Claim Event, ?claim=1). Owners see nothing here: the
 * page's 'Claimed by You' badge says it.
 */
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRole } from '../../../lib/use-me.ts';
import { useMyClaim } from '../api/use-claims.ts';
import { CLAIM_PARAM, offersClaim, type ClaimTarget } from '../../../components/claim-event-link.tsx';
import ClaimDialog from './claim-dialog.tsx';

export function ClaimPanel({ event }: { event: ClaimTarget }) {
  const allowed = offersClaim(useRole(), event);
  const mine = useMyClaim(event.id, allowed);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!allowed || mine.isLoading) return null;
  const claim = mine.data?.claim;
  const canClaim = claim?.status !== 'pending';
  const asked = params.get(CLAIM_PARAM) === '1';

  const close = () => {
    setOpen(false);
    if (asked) setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(CLAIM_PARAM);
      return next;
    }, { replace: true, preventScrollReset: true });
    // Back to the page's Claim Event button: the dialog that had focus is gone.
    requestAnimationFrame(() => trigger.current?.focus());
  };

  return (
    <>
      {claim?.status === 'pending' ? (
        <p className="event-panel__status" role="status">
          Your claim on this event is waiting for review by an administrator.
        </p>
      ) : null}
      {claim?.status === 'rejected' ? (
        <div className="event-panel__status event-panel__status--closed" role="status">
          <p>Your last claim on this event was not approved.</p>
          {claim.adminNotes ? <p>Administrator's note: {claim.adminNotes}</p> : null}
        </div>
      ) : null}
      {canClaim ? (
        <button ref={trigger} type="button" className="btn btn--secondary btn--block" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {claim ? 'Claim Again' : 'Claim Event'}
        </button>
      ) : null}
      {(open || (asked && canClaim)) ? <ClaimDialog event={event} onClose={close} /> : null}
    </>
  );
}

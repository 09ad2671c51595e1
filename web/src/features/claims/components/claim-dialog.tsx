/**
 * The Claim Event dialog (spec 001): a required reason, the note that an administrator reviews claims, and the
 * spec's toasts ('Claim Submitted', 'Event Already Claimed', 'Claim Already Submitted'). A native modal
 * <dialog>: focus moves into it and stays there, Escape closes it. Loaded lazily by ClaimEventButton.
 */
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Alert } from '../../../components/alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { claimRefusal, useSubmitClaim } from '../api/use-claims.ts';
import type { ClaimTarget } from '../../../components/claim-event-link.tsx';
import './claim-dialog.css';

export const CLAIM_FAILED_TEXT = 'Failed to submit event claim. Please try again.';

export default function ClaimDialog({ event, onClose }: { event: ClaimTarget; onClose(): void }) {
  const titleId = useId();
  const reasonId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState<string | undefined>();
  const submit = useSubmitClaim();
  const { toast } = useToast();

  const trimmed = reason.trim();
  function onSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (!trimmed || submit.isPending) return;
    setFailed(undefined);
    submit.mutate(
      { eventId: event.id, reason: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Claim Submitted', description: 'Your event claim has been submitted for admin review.' });
          onClose();
        },
        onError: (error) => {
          const refusal = claimRefusal(error);
          if (!refusal) {
            // Keep the dialog and what was typed: nothing is lost, the organizer can fix it or try again.
            setFailed(error instanceof ApiError && error.status === 400 ? errorMessage(error) : CLAIM_FAILED_TEXT);
            return;
          }
          toast({ title: refusal.title, description: refusal.message, variant: 'destructive' });
          onClose();
        },
      },
    );
  }

  return (
    <ModalDialog titleId={titleId} onCancel={onClose}>
      <form className="claim-dialog__form" onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="modal-dialog__title">
          Claim Event
        </h2>
        <p className="claim-dialog__event">{event.title}</p>
        <label className="claim-dialog__label" htmlFor={reasonId}>
          Reason for claiming
        </label>
        <textarea
          id={reasonId}
          className="claim-dialog__reason"
          rows={5}
          required
          aria-describedby={hintId}
          placeholder="For example: I am the race director and can be reached at the address on the race website."
          value={reason}
          onChange={(changeEvent) => setReason(changeEvent.target.value)}
          // Focus lands in the one field the dialog asks for.
          autoFocus
        />
        <p id={hintId} className="claim-dialog__hint">
          Tell us how you are connected to this event. Claims are reviewed by an administrator; once approved, the event is yours to manage
          and promote.
        </p>
        {failed ? (
          <Alert tone="error" title="Claim not submitted">
            <p>{failed}</p>
          </Alert>
        ) : null}
        <div className="claim-dialog__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!trimmed} aria-busy={submit.isPending || undefined}>
            {submit.isPending ? 'Submitting…' : 'Submit Claim'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

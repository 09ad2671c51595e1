/**
 * "The race moved from X to Y" (issue 25): on a plan made for a listed race whose date has changed since, on the
 * plan's page and on the race's. One click regenerates the plan for the new date, after a confirmation: the
 * server reads that date from the race and rebuilds the plan from this week with the athlete's log, as an accepted
 * adjustment would; what they completed stays in their journal. A refusal (the new date leaves no safe plan, or
 * is past) is said in place.
 */
import { useRef, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatEventDate, formatLongDate } from '../../../lib/event-format.ts';
import { useFollowRace } from '../api/use-race-plans.ts';

export interface MovedPlan {
  readonly planId: string;
  readonly name: string;
  /** The race's date the plan was made for, and its date now. */
  readonly from: string;
  readonly to: string;
}

/** `focusAfter`: the id of what takes focus once the plan is regenerated and this notice (with its button) goes. */
export function RaceMovedNotice({ plan, focusAfter }: { plan: MovedPlan; focusAfter: string }) {
  const follow = useFollowRace();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const trigger = useRef<HTMLButtonElement>(null);

  // Back to the button that opened the dialog; once the plan follows the race, the button is going, so to `focusAfter`.
  const close = (followed = false) => {
    setConfirming(false);
    requestAnimationFrame(() => (followed ? document.getElementById(focusAfter) : trigger.current)?.focus());
  };

  const regenerate = () =>
    follow.mutate(plan.planId, {
      onSuccess: (regenerated) => {
        setFailure(undefined);
        toast({ title: 'Plan Regenerated', description: `${regenerated.name} now builds up to ${formatLongDate(regenerated.raceDate)}.` });
        close(true);
      },
      onError: (error) => {
        setFailure(errorMessage(error, 'The plan could not be regenerated. Please try again.'));
        close();
      },
    });

  return (
    <div className="race-moved">
      <Alert tone="info" title={`The race moved from ${formatLongDate(plan.from)} to ${formatLongDate(plan.to)}`}>
        <p>“{plan.name}” still builds up to the old date. Regenerate it to aim at the new one.</p>
        <button ref={trigger} type="button" className={buttonClass({ variant: 'primary', size: 'sm' })} onClick={() => setConfirming(true)} disabled={follow.isPending} aria-haspopup="dialog">
          {follow.isPending ? 'Regenerating…' : `Regenerate for ${formatEventDate(plan.to)}`}
        </button>
      </Alert>
      {failure ? (
        <Alert tone="error" title="The plan was not regenerated">
          <p>{failure}</p>
        </Alert>
      ) : null}
      {confirming ? (
        <ConfirmDialog title="Regenerate the plan for the new date?" confirmText="Regenerate plan" busy={follow.isPending} onConfirm={regenerate} onCancel={() => close()}>
          <p>
            “{plan.name}” is made again from this week up to {formatLongDate(plan.to)}, from your training log as it is now. Its weeks change; the workouts you completed stay in
            your journal.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** A proposed plan change, week by week (before → after), to accept or decline; nothing changes before Accept. */
import { countOf } from '#shared/plural';
import { formatDistance, type DistanceUnit } from '#shared/units';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useAdjustment, useAnswerAdjustment } from '../api/use-training.ts';

export function AdjustmentReview({ planId, adjustmentId, unit, onDone }: { planId: string; adjustmentId: string; unit: DistanceUnit; onDone(): void }) {
  const adjustment = useAdjustment(planId, adjustmentId);
  const answer = useAnswerAdjustment();
  const { toast } = useToast();
  if (adjustment.isLoading) return <LoadingBlock label="Loading the proposed change" />;
  if (adjustment.isError || !adjustment.data) {
    return (
      <Alert tone="error" title="This change is no longer available">
        <p>{errorMessage(adjustment.error)} A proposed change is kept for a week; ask your coach again for a fresh one.</p>
        <Button size="sm" onClick={onDone}>
          Close
        </Button>
      </Alert>
    );
  }
  const { reason, weeks } = adjustment.data;
  const reply = (accept: boolean) =>
    answer.mutate(
      { planId, adjustmentId, accept },
      {
        onSuccess: () => {
          toast({ title: accept ? 'Plan Updated' : 'Change Declined', description: accept ? 'Your plan now follows the change from next week.' : 'Your plan stays as it was.' });
          onDone();
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <section className="training-panel" aria-labelledby="adjustment-title">
      <h2 id="adjustment-title" className="training-panel__title">
        Proposed plan change
      </h2>
      <p>{reason}. Here is what changes, week by week; your plan stays as it is unless you accept.</p>
      <table className="figures-table">
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Now</th>
            <th scope="col">After the change</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.startDate}>
              <th scope="row">{formatEventDate(week.startDate)}</th>
              <td>{week.before ? `${formatDistance(unit, week.before.plannedKm)} · ${week.before.phase} · ${countOf(week.before.workouts, 'workout')}` : '—'}</td>
              <td>{week.after ? `${formatDistance(unit, week.after.plannedKm)} · ${week.after.phase} · ${countOf(week.after.workouts, 'workout')}` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="training-actions" style={{ marginTop: 12 }}>
        <Button variant="primary" disabled={answer.isPending} onClick={() => reply(true)}>
          Accept the change
        </Button>
        <Button disabled={answer.isPending} onClick={() => reply(false)}>
          Decline
        </Button>
      </div>
    </section>
  );
}

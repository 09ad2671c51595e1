/** Report a review to the admins: a reason and an optional note. */
import { useId, useState } from 'react';
import { REVIEW_REPORT_REASONS, type ReviewReport } from '#shared/schemas/review';
import { Button } from '../../../components/button.tsx';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useReportReview } from '../api/use-reviews.ts';

const REASON_LABELS: Readonly<Record<ReviewReport['reason'], string>> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  off_topic: 'Not about this race',
  personal_information: 'Shares personal information',
  other: 'Something else',
};

export function ReportDialog({ eventId, reviewId, onClose }: { eventId: string; reviewId: string; onClose(): void }) {
  const titleId = useId();
  const [reason, setReason] = useState<ReviewReport['reason'] | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const report = useReportReview(eventId);
  const { toast } = useToast();
  const send = () => {
    if (!reason) {
      setError('Choose why you are reporting it');
      return;
    }
    report.mutate(
      { reviewId, body: { reason, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => {
          toast({ title: 'Review reported', description: 'Thank you. An admin will look at it.' });
          onClose();
        },
        onError: (failure) => toast({ title: 'The report was not sent', description: errorMessage(failure), variant: 'destructive' }),
      },
    );
  };
  return (
    <ModalDialog titleId={titleId} width={460} onCancel={onClose}>
      <div className="review-dialog">
        <h2 id={titleId} className="modal-dialog__title">
          Report this review
        </h2>
        <ChoiceField
          label="Reason"
          required
          value={reason}
          onChange={(value) => {
            setReason(value as ReviewReport['reason']);
            setError(undefined);
          }}
          error={error}
          options={REVIEW_REPORT_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }))}
        />
        <TextAreaField label="Anything the admins should know (optional)" value={note} onChange={setNote} />
        <div className="review-form__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" onClick={send} disabled={report.isPending}>
            Report
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

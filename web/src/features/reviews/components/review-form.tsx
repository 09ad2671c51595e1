/** Write or edit a review: overall stars, the words, the optional facets and the distance run. Nothing typed is lost on an error. */
import { useState, type FormEvent } from 'react';
import { NewReviewSchema, REVIEW_FACETS, REVIEW_FACET_LABELS, REVIEW_TEXT_MAX, type Review, type ReviewFacets } from '#shared/schemas/review';
import { Button } from '../../../components/button.tsx';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';
import { useSaveReview } from '../api/use-reviews.ts';
import { StarInput } from '../../../components/stars.tsx';
import './reviews.css';

export function ReviewForm({ eventId, distances, existing, onDone }: { eventId: string; distances: readonly string[]; existing?: Review; onDone(): void }) {
  const [overall, setOverall] = useState<number | undefined>(existing?.overall);
  const [text, setText] = useState(existing?.text ?? '');
  const [facets, setFacets] = useState<ReviewFacets>(existing?.facets ?? {});
  const [distance, setDistance] = useState(existing?.distance ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveReview(eventId);
  const { toast } = useToast();

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const body = { overall: overall ?? 0, text, facets, ...(distance ? { distance } : {}) };
    const parsed = NewReviewSchema.safeParse(body);
    if (!parsed.success) {
      // Keyed by the whole path ('facets.course'), as the server's field errors are (bodyFieldErrors).
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { body, editing: existing !== undefined },
      {
        onSuccess: () => {
          toast({ title: existing ? 'Review updated' : 'Thanks for your review!', description: 'Other runners can read it now.' });
          onDone();
        },
        onError: (error) => {
          setErrors(bodyFieldErrors(error));
          toast({ title: 'Your review was not saved', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form className="review-form" aria-label={existing ? 'Edit your review' : 'Write a review'} onSubmit={submit} noValidate>
      <StarInput label="Overall rating" value={overall} onChange={setOverall} error={errors.overall} />
      <TextAreaField
        label="Your review"
        required
        value={text}
        onChange={setText}
        error={errors.text}
        hint={`${text.trim().length} / ${REVIEW_TEXT_MAX} characters. What should the next runner know? Plain text only.`}
      />
      <details className="review-form__more" open={Object.keys(facets).length > 0 || undefined}>
        <summary>Rate the details (optional)</summary>
        <div className="review-form__facets">
          {REVIEW_FACETS.map((facet) => (
            <StarInput key={facet} optional label={REVIEW_FACET_LABELS[facet]} value={facets[facet]} onChange={(stars) => setFacets((current) => ({ ...current, [facet]: stars }))} error={errors[`facets.${facet}`]} />
          ))}
        </div>
      </details>
      {distances.length > 0 ? (
        <ChoiceField
          label="Distance you ran (optional)"
          value={distance}
          onChange={setDistance}
          error={errors.distance}
          options={[{ value: '', label: 'Not saying' }, ...distances.map((entry) => ({ value: entry, label: entry }))]}
        />
      ) : null}
      <div className="review-form__actions">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : existing ? 'Save changes' : 'Post review'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The form of /submit-event: the few facts that identify a race (name, date, kind, distances, city and state)
 * and where to check it, plus notes for the reviewers. Checked with the server's own schema before it is
 * sent (and the date against today); the server's field errors land beside their fields; nothing typed is
 * lost on an error, and the form empties once the suggestion is sent.
 */
import { useState, type FormEvent } from 'react';
import { todayInNewYork } from '#shared/dates';
import { EVENT_TYPES, enumLabel } from '#shared/event-vocabulary';
import { NewSubmittedEventSchema, SUGGESTION_NOTES_MAX, type NewSubmittedEvent } from '#shared/schemas/submitted-event';
import { STATE_CODES, US_STATES } from '#shared/us-states';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import '../../../components/form-page.css';

interface Draft {
  title: string;
  eventDate: string;
  eventType: string;
  distances: string;
  city: string;
  state: string;
  websiteUrl: string;
  registrationUrl: string;
  notes: string;
}

const EMPTY: Draft = { title: '', eventDate: '', eventType: '', distances: '', city: '', state: '', websiteUrl: '', registrationUrl: '', notes: '' };

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

function bodyOf(draft: Draft): Record<string, unknown> {
  return {
    title: draft.title,
    eventDate: draft.eventDate,
    eventType: draft.eventType || undefined,
    distances: draft.distances.split(',').map((part) => part.trim()).filter(Boolean),
    city: draft.city,
    state: draft.state || undefined,
    websiteUrl: optional(draft.websiteUrl),
    registrationUrl: optional(draft.registrationUrl),
    notes: draft.notes,
  };
}

const CHOOSE: Readonly<Record<string, string>> = { eventType: 'Choose the event type', state: 'Choose the state' };

function problemsOf(draft: Draft): { body?: NewSubmittedEvent; fields: Record<string, string> } {
  const parsed = NewSubmittedEventSchema.safeParse(bodyOf(draft));
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'form');
      fields[name] ??= CHOOSE[name] ?? (issue.message.startsWith('Invalid') ? 'Enter a valid value' : issue.message);
    }
  }
  if (draft.eventDate && draft.eventDate <= todayInNewYork()) fields.eventDate = 'The event date must be in the future';
  return Object.keys(fields).length === 0 && parsed.success ? { body: parsed.data, fields } : { fields };
}

export function SuggestionForm({ onSubmit }: { onSubmit(body: NewSubmittedEvent): Promise<void> }) {
  const [draft, setDraft] = useState(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const checked = problemsOf(draft);
    setFields(checked.fields);
    if (!checked.body) {
      setProblem('Some fields need your attention: they are marked below.');
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onSubmit(checked.body);
      setDraft(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setFields(Object.fromEntries(Object.entries(error.fields).map(([path, messages]) => [path.replace(/^body\./, ''), messages[0] ?? 'Not valid'])));
      }
      setProblem(error instanceof ApiError && error.status < 500 ? error.message : 'Your suggestion could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form-page__form" onSubmit={submit} noValidate aria-label="Suggest a race">
      {problem ? (
        <Alert tone="error" title="Suggestion not sent">
          {problem}
        </Alert>
      ) : null}
      <p className="form-page__notice">Every field is required unless it says optional.</p>
      <fieldset className="form-page__section">
        <legend>The race</legend>
        <TextField label="Event Name" required value={draft.title} onChange={(e) => set('title', e.target.value)} error={fields.title} />
        <div className="form-page__row">
          <TextField label="Event Date" type="date" required min={todayInNewYork()} value={draft.eventDate} onChange={(e) => set('eventDate', e.target.value)} error={fields.eventDate} />
          <ChoiceField label="Event Type" required value={draft.eventType} onChange={(value) => set('eventType', value)} error={fields.eventType} options={EVENT_TYPES.map((type) => ({ value: type, label: enumLabel(type) }))} />
        </div>
        <TextField label="Distances" required placeholder="5K, 10K, Half Marathon" hint="Separate distances with commas." value={draft.distances} onChange={(e) => set('distances', e.target.value)} error={fields.distances} />
        <div className="form-page__row">
          <TextField label="City" required value={draft.city} onChange={(e) => set('city', e.target.value)} error={fields.city} autoComplete="address-level2" />
          <ChoiceField label="State" required value={draft.state} onChange={(value) => set('state', value)} error={fields.state} options={STATE_CODES.map((code) => ({ value: code, label: US_STATES[code] }))} />
        </div>
      </fieldset>
      <fieldset className="form-page__section">
        <legend>Where we can check it</legend>
        <TextField label="Race Website (optional)" type="url" placeholder="https://" value={draft.websiteUrl} onChange={(e) => set('websiteUrl', e.target.value)} error={fields.websiteUrl} />
        <TextField label="Registration Page (optional)" type="url" placeholder="https://" value={draft.registrationUrl} onChange={(e) => set('registrationUrl', e.target.value)} error={fields.registrationUrl} />
        <TextAreaField
          label="Notes for our reviewers (optional)"
          hint={`How you know the race, who organizes it, anything we should check. Only our team sees this (at most ${SUGGESTION_NOTES_MAX} characters).`}
          value={draft.notes}
          onChange={(value) => set('notes', value)}
          error={fields.notes}
        />
      </fieldset>
      <div className="form-page__actions">
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {busy ? 'Sending…' : 'Submit Event'}
        </Button>
      </div>
    </form>
  );
}

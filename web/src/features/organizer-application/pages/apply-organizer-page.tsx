import { useEffect, useState, type FormEvent } from 'react';
import { EVENT_TYPES, enumLabel } from '#shared/event-vocabulary';
import {
  EXPECTED_VOLUMES,
  ORGANIZATION_TYPES,
  ORGANIZATION_TYPE_LABELS,
  type Application,
  type NewApplicationBody,
} from '#shared/schemas/organizer-application';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useRole } from '../../../lib/use-me.ts';
import { useMyApplications, useSubmitApplication } from '../api/use-my-applications.ts';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import '../../../components/form-page.css';
import type { PageGate } from '../../../components/role-gate.tsx';

type Draft = Omit<NewApplicationBody, 'acceptTerms' | 'eventTypes'> & { eventTypes: string[]; acceptTerms: boolean };

/** The fields spec 001 requires, with the names its 'Please fill in: {fields}' message uses. */
const REQUIRED: readonly [keyof Draft, string][] = [
  ['organizationName', 'Organization Name'],
  ['organizationType', 'Organization Type'],
  ['contactEmail', 'Contact Email'],
  ['description', 'Description'],
  ['experience', 'Experience'],
  ['eventTypes', 'Event Types'],
];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

function missingFields(draft: Draft): string[] {
  return REQUIRED.filter(([key]) => {
    const value = draft[key];
    return Array.isArray(value) ? value.length === 0 : !String(value ?? '').trim();
  }).map(([, label]) => label);
}

/**
 * /apply-organizer: a signed-in athlete applies for organizer access (spec 001). Someone with an application
 * under review sees its state instead of a second form; organizers and admins are told they need none.
 */
/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = { signInText: 'Please sign in to submit an organizer application.' };

export default function ApplyOrganizerPage() {
  useDocumentTitle('Become an Event Organizer');
  const { user } = useAuth();
  const role = useRole();
  const mine = useMyApplications();
  const submit = useSubmitApplication();
  const [submitted, setSubmitted] = useState<Application | null>(null);
  const [reapplying, setReapplying] = useState(false);
  // The form is long and Submit at its foot: the confirmation that replaces it must not open scrolled past
  // its own heading, and keyboard and screen-reader users start reading from it.
  useEffect(() => {
    if (!submitted) return;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [submitted]);

  if (role && role !== 'athlete') {
    return (
      <StatusPage
        heading="You are already an organizer"
        text="Your account can claim, create and promote events. No application is needed."
        actions={<ButtonLink to="/organizer-dashboard" variant="primary" size="lg">Go to the organizer dashboard</ButtonLink>}
      />
    );
  }
  if (submitted) {
    return (
      <StatusPage
        heading="Application Submitted! 🎉"
        text={`Thank you for applying on behalf of ${submitted.organizationName}. We will contact you at ${submitted.contactEmail} within 3-5 business days.`}
        actions={
          <>
            <ButtonLink to="/" variant="primary" size="lg">Return Home</ButtonLink>
            <ButtonLink to="/events" size="lg">Browse Events</ButtonLink>
          </>
        }
      />
    );
  }
  if (mine.isPending) return <LoadingBlock label="Loading your application" />;
  const latest = mine.data?.items[0];
  if (latest?.status === 'pending') {
    return (
      <StatusPage
        heading="Your application is under review"
        text={`You applied on ${dateFormat.format(new Date(latest.createdAt))} for ${latest.organizationName}. Reviews take 3-5 business days; we will write to ${latest.contactEmail}.`}
        actions={<ButtonLink to="/events" size="lg">Browse Events</ButtonLink>}
      />
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="For race directors"
        title="Become an Event Organizer"
        lede="Organizers claim the races they run, create new events and promote them to athletes. Tell us about your organization and an administrator will review your application."
      />
      <div className="container form-page">
        {mine.isError ? <Alert tone="error" title="Could not load your earlier applications">{errorMessage(mine.error)}</Alert> : null}
        {latest?.status === 'denied' && !reapplying ? (
          <Alert tone="info" title="Your last application was not approved">
            <p>{latest.adminNotes ? `The reviewer noted: ${latest.adminNotes}` : 'The reviewer left no note.'}</p>
            <Button variant="primary" onClick={() => setReapplying(true)}>Apply again</Button>
          </Alert>
        ) : (
          <ApplicationForm
            email={user?.email ?? ''}
            onSubmit={async (body) => setSubmitted(await submit.mutateAsync(body))}
          />
        )}
      </div>
    </>
  );
}

function ApplicationForm({ email, onSubmit }: { email: string; onSubmit(body: NewApplicationBody): Promise<void> }) {
  const [draft, setDraft] = useState<Draft>({
    organizationName: '',
    organizationType: undefined as unknown as Draft['organizationType'],
    contactEmail: email,
    contactPhone: '',
    website: '',
    description: '',
    experience: '',
    eventTypes: [],
    referenceContacts: '',
    acceptTerms: false,
  });
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = missingFields(draft);
    if (missing.length > 0) return setProblem({ title: 'Missing Information', text: `Please fill in: ${missing.join(', ')}` });
    if (!draft.acceptTerms) return setProblem({ title: 'Terms Agreement Required', text: 'Please agree to the terms and conditions' });
    setProblem(null);
    setFieldErrors({});
    setBusy(true);
    try {
      await onSubmit({ ...draft, eventTypes: draft.eventTypes as NewApplicationBody['eventTypes'], acceptTerms: true });
    } catch (error) {
      // Everything typed stays in the form; the server's words go beside the fields they are about.
      setFieldErrors(bodyFieldErrors(error));
      setProblem({ title: 'Submission Failed', text: error instanceof ApiError && error.status < 500 ? error.message : 'Failed to submit application. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form-page__form" onSubmit={submit} noValidate>
      {problem ? <Alert tone="error" title={problem.title}>{problem.text}</Alert> : null}
      <p className="form-page__notice">Every field is required unless it says optional.</p>
      <fieldset className="form-page__section">
        <legend>Organization information</legend>
        <TextField label="Organization Name" required value={draft.organizationName} onChange={(e) => set('organizationName', e.target.value)} error={fieldErrors.organizationName} autoComplete="organization" />
        <ChoiceField
          label="Organization Type"
          required
          value={draft.organizationType ?? ''}
          onChange={(value) => set('organizationType', value as Draft['organizationType'])}
          options={ORGANIZATION_TYPES.map((type) => ({ value: type, label: ORGANIZATION_TYPE_LABELS[type] }))}
          error={fieldErrors.organizationType}
        />
        <TextField label="Website (optional)" type="url" placeholder="https://" value={draft.website ?? ''} onChange={(e) => set('website', e.target.value)} error={fieldErrors.website} autoComplete="url" />
      </fieldset>
      <fieldset className="form-page__section">
        <legend>Contact information</legend>
        <TextField label="Contact Email" type="email" required value={draft.contactEmail ?? ''} onChange={(e) => set('contactEmail', e.target.value)} error={fieldErrors.contactEmail} autoComplete="email" hint="Where we will write about your application." />
        <TextField label="Contact Phone (optional)" type="tel" value={draft.contactPhone ?? ''} onChange={(e) => set('contactPhone', e.target.value)} error={fieldErrors.contactPhone} autoComplete="tel" />
      </fieldset>
      <fieldset className="form-page__section">
        <legend>Experience and event types</legend>
        <TextAreaField label="Description" required hint="What your organization does and the events it puts on (at least 20 characters)." value={draft.description} onChange={(value) => set('description', value)} error={fieldErrors.description} />
        <TextAreaField label="Experience" required hint="How long you have organized events, and how large they are (at least 20 characters)." value={draft.experience} onChange={(value) => set('experience', value)} error={fieldErrors.experience} />
        <div className="form-page__types" role="group" aria-labelledby="event-types-label">
          <p id="event-types-label" className="field__label">
            Event Types
          </p>
          {EVENT_TYPES.map((type) => (
            <label key={type} className="form-page__check">
              <input
                type="checkbox"
                checked={draft.eventTypes.includes(type)}
                onChange={(e) => set('eventTypes', e.target.checked ? [...draft.eventTypes, type] : draft.eventTypes.filter((t) => t !== type))}
              />
              {enumLabel(type)}
            </label>
          ))}
          {fieldErrors.eventTypes ? <p className="field__error">{fieldErrors.eventTypes}</p> : null}
        </div>
        <ChoiceField
          label="Events a year (optional)"
          value={draft.expectedVolume ?? ''}
          onChange={(value) => set('expectedVolume', (value || undefined) as Draft['expectedVolume'])}
          options={[{ value: '', label: 'Not sure yet' }, ...EXPECTED_VOLUMES.map((volume) => ({ value: volume, label: volume }))]}
        />
        <TextAreaField label="References (optional)" hint="People or organizations who can vouch for your events." value={draft.referenceContacts ?? ''} onChange={(value) => set('referenceContacts', value)} error={fieldErrors.referenceContacts} />
      </fieldset>
      <label className="form-page__check form-page__terms">
        <input type="checkbox" checked={draft.acceptTerms} onChange={(e) => set('acceptTerms', e.target.checked)} />
        I agree to the terms and conditions and confirm that I organize the events I will claim or create.
      </label>
      <p className="form-page__notice">An administrator reviews every application. Reviews take 3-5 business days.</p>
      <div className="form-page__actions">
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {busy ? 'Submitting…' : 'Submit Application'}
        </Button>
        <ButtonLink to="/" size="lg">Cancel</ButtonLink>
      </div>
    </form>
  );
}

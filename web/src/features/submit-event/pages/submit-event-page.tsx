/**
 * /submit-event: anyone signed in tells RaceFinder about a race it is missing. The suggestion waits in the
 * admins' review queue as an unverified event; once an admin confirms it, it is listed (with no organizer, so
 * its organizer can claim it later). The caller's suggestions and their status are listed under the form.
 */
import { Link } from 'react-router-dom';
import type { PageGate } from '../../../components/role-gate.tsx';
import { NumberedSteps } from '../../../components/numbered-steps.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useSubmitEvent } from '../api/use-submitted-events.ts';
import { MySuggestions } from '../components/my-suggestions.tsx';
import { SuggestionForm } from '../components/suggestion-form.tsx';
import '../../../components/form-page.css';
import '../components/submit-event.css';

/** Signed-in only (the router wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to tell us about a race that is missing from RaceFinder. We check every suggestion before it is listed.',
  loadingLabel: 'Loading...',
};

const STEPS = [
  { title: 'Tell us about the race', text: 'Its name, date, place and distances, and where we can check it.' },
  { title: 'We check it', text: 'An administrator confirms the race, usually within a few days.' },
  { title: 'It is listed', text: 'Runners find it in search. Follow each suggestion below.' },
] as const;

export default function SubmitEventPage() {
  useDocumentTitle('Submit an Event');
  const submit = useSubmitEvent();
  const { toast } = useToast();
  return (
    <>
      <PageHeader eyebrow="Help the directory grow" title="Submit an Event" lede="Know a race that is missing from RaceFinder? Tell us about it and we will add it once we have checked it." />
      <div className="container form-page">
        <NumberedSteps steps={STEPS} />
        <p className="form-page__notice">
          Organizing the race yourself? <Link to="/create-event">Create it as its organizer</Link> instead, so you can manage its listing.
        </p>
        <SuggestionForm
          onSubmit={async (body) => {
            const sent = await submit.mutateAsync(body);
            toast({ title: 'Thanks for the suggestion!', description: `${sent.title} is waiting for review. You can follow it below.` });
          }}
        />
        <MySuggestions />
      </div>
    </>
  );
}

/**
 * /claim-event (spec 001 footer 'Claim an Event'): how organizers claim the races they run, and the way into
 * the flow for each visitor: sign in, apply for organizer access, or find the event and claim it. Organizers
 * also see their claims and where each stands.
 */
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { signInPath } from '../../../lib/sign-in-path.ts';
import { useRole } from '../../../lib/use-me.ts';
import { mayClaim } from '../../../lib/organizer-roles.ts';
import { MyClaims } from '../components/my-claims.tsx';
import { NumberedSteps } from '../../../components/numbered-steps.tsx';
import './claim-event-page.css';

const STEPS = [
  { title: 'Become an organizer', text: 'Apply for organizer access once. An administrator reviews applications within 3-5 business days.' },
  { title: 'Find your event and claim it', text: "Open the event's card or page, choose Claim Event and tell us how you are connected to the race." },
  { title: 'An administrator reviews it', text: "Once approved the event shows 'Claimed by You': you manage its listing and can promote it." },
] as const;

export default function ClaimEventPage() {
  useDocumentTitle('Claim an Event');
  const { status } = useAuth();
  const role = useRole();
  const here = useLocation();
  const organizer = mayClaim(role);

  let next;
  if (status === 'signedOut') {
    next = (
      <div className="claim-start">
        <p>Sign in to claim an event. New to RaceFinder? Create an account, then apply for organizer access.</p>
        <ButtonLink to={signInPath(`${here.pathname}${here.search}`)} variant="primary">
          Sign in
        </ButtonLink>
      </div>
    );
  } else if (status === 'loading' || (status === 'signedIn' && role === null)) {
    next = <LoadingBlock label="Loading your account" />;
  } else if (!organizer) {
    next = (
      <div className="claim-start">
        <p>Claiming events is for event organizers. Apply for organizer access first; once approved you can claim the races you run.</p>
        <ButtonLink to="/apply-organizer" variant="primary">
          Apply to become an organizer
        </ButtonLink>
      </div>
    );
  } else {
    next = (
      <>
        <div className="claim-start">
          <p>Search for your race, open it and choose Claim Event.</p>
          <ButtonLink to="/events" variant="primary">
            Find your event
          </ButtonLink>
        </div>
        <MyClaims />
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="For organizers"
        title="Claim an Event"
        lede="Run a race listed on RaceFinder? Claim it to be named its organizer, keep its listing right and promote it."
      />
      <div className="container claim-page">
        <NumberedSteps steps={STEPS} />
        {next}
      </div>
    </>
  );
}

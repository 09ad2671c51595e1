/**
 * /claim-event (spec 001 footer 'Claim an Event'): how organizers claim the races they run, and the way into
 * the flow for each visitor: sign in, apply for organizer access, or find the event and claim it. Organizers
 * also see their claims and where each stands.
 */
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { signInPath } from '../../../lib/sign-in-path.ts';
import { useRole } from '../../../lib/use-me.ts';
import { mayClaim } from '../api/claim-roles.ts';
import { useMyClaims } from '../api/use-claims.ts';
import '../../../components/state-panel.css';
import './claim-event-page.css';

const STEPS = [
  { title: 'Become an organizer', text: 'Apply for organizer access once. An administrator reviews applications within 3-5 business days.' },
  { title: 'Find your event and claim it', text: "Open the event's card or page, choose Claim Event and tell us how you are connected to the race." },
  { title: 'An administrator reviews it', text: "Once approved the event shows 'Claimed by You': you manage its listing and can promote it." },
] as const;

const STATUS_TEXT = { pending: 'Pending review', approved: 'Approved', rejected: 'Not approved' } as const;

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
        <ol className="claim-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="claim-step">
              <span className="claim-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h2 className="claim-step__title">{step.title}</h2>
                <p className="claim-step__text">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        {next}
      </div>
    </>
  );
}

function MyClaims() {
  const claims = useMyClaims(true);
  const items = claims.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (claims.isLoading) {
    body = <LoadingBlock label="Loading your claims" />;
  } else if (claims.isError) {
    body = (
      <div className="state-panel state-panel--error">
        <p className="state-panel__title">Unable to load your claims</p>
        <p className="state-panel__text">{errorMessage(claims.error)}</p>
        <Button variant="primary" onClick={() => void claims.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="state-panel">
        <p className="state-panel__title">No claims yet</p>
        <p className="state-panel__text">Claims you submit appear here with their review status.</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="claim-list">
          {items.map((claim) => (
            <li key={claim.id} className="claim-row">
              <div className="claim-row__main">
                {claim.event ? (
                  <Link className="claim-row__title" to={`/events/${claim.event.id}`}>
                    {claim.event.title}
                  </Link>
                ) : (
                  <span className="claim-row__title">Event no longer listed</span>
                )}
                {claim.event ? (
                  <span className="claim-row__meta">
                    {formatEventDate(claim.event.eventDate)} · {claim.event.city}, {claim.event.state}
                  </span>
                ) : null}
                <span className="claim-row__reason">Your reason: {claim.reason}</span>
                {claim.adminNotes ? <span className="claim-row__reason">Administrator's note: {claim.adminNotes}</span> : null}
              </div>
              <span className={`claim-status claim-status--${claim.status}`}>{STATUS_TEXT[claim.status]}</span>
            </li>
          ))}
        </ul>
        {claims.hasNextPage ? (
          <Button onClick={() => void claims.fetchNextPage()} disabled={claims.isFetchingNextPage}>
            {claims.isFetchingNextPage ? 'Loading…' : 'Show more claims'}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section className="claim-mine" aria-labelledby="my-claims-title">
      <h2 id="my-claims-title" className="claim-mine__title">
        Your claims
      </h2>
      {claims.isError && items.length > 0 ? (
        <Alert tone="error" title="Unable to load more claims">
          <p>{errorMessage(claims.error)}</p>
        </Alert>
      ) : null}
      {body}
    </section>
  );
}

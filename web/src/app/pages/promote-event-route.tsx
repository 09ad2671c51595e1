/**
 * /promote-event (spec 001 footer 'Promote Your Event'): what a promotion does, what it costs (from the one
 * price table in shared/promotions.ts), and the way in for each visitor: sign in, apply for organizer access,
 * or pick one of their events and promote it (the promote dialog, then Stripe's checkout).
 */
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { MAX_PROMOTION_DAYS } from '#shared/promotions';
import type { ClaimEntry } from '#shared/schemas/claim';
import { ButtonLink } from '../../components/button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { signInPath } from '../../lib/sign-in-path.ts';
import { useRole } from '../../lib/use-me.ts';
import { mayClaim } from '../../lib/organizer-roles.ts';
import { MyClaims } from '../../features/claims/components/my-claims.tsx';
import PromoteDialog, { type PromoteTarget } from '../../features/promotions/components/promote-dialog.tsx';
import { PromoteClaimButton } from '../../features/promotions/components/promote-claim-button.tsx';
import { PromotionPrices } from '../../features/promotions/components/promotion-prices.tsx';
import { NumberedSteps } from '../../components/numbered-steps.tsx';
import '../../features/claims/pages/claim-event-page.css';

const STEPS = [
  { title: 'Own the event', text: 'Claim a race you run (or create it); an administrator approves the claim.' },
  { title: 'Choose the promotion', text: `Pick the type, where it shows (a state, an event type or every search) and up to ${MAX_PROMOTION_DAYS} days.` },
  { title: 'Pay and go live', text: 'Pay by card through Stripe. An administrator reviews the promotion; if it is rejected you are refunded in full.' },
] as const;

export default function PromoteEventPage() {
  useDocumentTitle('Promote an Event');
  const { status } = useAuth();
  const role = useRole();
  const here = useLocation();
  const [promoting, setPromoting] = useState<PromoteTarget | undefined>();

  let next;
  if (status === 'signedOut') {
    next = (
      <div className="claim-start">
        <p>Sign in to promote an event you organize.</p>
        <ButtonLink to={signInPath(`${here.pathname}${here.search}`)} variant="primary">
          Sign in
        </ButtonLink>
      </div>
    );
  } else if (status === 'loading' || (status === 'signedIn' && role === null)) {
    next = <LoadingBlock label="Loading your account" />;
  } else if (!mayClaim(role)) {
    next = (
      <div className="claim-start">
        <p>Promotions are for event organizers. Apply for organizer access, then claim your event.</p>
        <ButtonLink to="/apply-organizer" variant="primary">
          Apply to become an organizer
        </ButtonLink>
      </div>
    );
  } else {
    const promoteButton = (claim: ClaimEntry) => <PromoteClaimButton claim={claim} onPromote={setPromoting} />;
    next = (
      <>
        <div className="claim-start">
          <p>Choose Promote Event beside one of your approved events. Paid promotions and their review show on your dashboard.</p>
          <ButtonLink to="/organizer-dashboard?tab=promotions">Your promotions</ButtonLink>
        </div>
        <MyClaims action={promoteButton} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="For organizers"
        title="Promote an Event"
        lede="Put your race first in the searches your runners make: in its state, for its event type, or across the whole site."
      />
      <div className="container claim-page">
        <PromotionPrices />
        <NumberedSteps steps={STEPS} />
        {next}
      </div>
      {promoting ? <PromoteDialog event={promoting} onClose={() => setPromoting(undefined)} /> : null}
    </>
  );
}

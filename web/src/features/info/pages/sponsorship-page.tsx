/**
 * /sponsorship: what sponsorship on RaceFinder is today (promoted placement of a race, paid through Stripe and
 * approved by an admin), at the prices of the one pricing table, and the contact form for anything else.
 */
import { Link } from 'react-router-dom';
import { DAILY_RATE_CENTS, MAX_PROMOTION_DAYS, PROMOTION_TIERS, PROMOTION_TIER_LABELS, formatUsd, type PromotionTier } from '#shared/promotions';
import { ButtonLink } from '../../../components/button.tsx';
import { ContactButton, ContactCallToAction, InfoCards, InfoPage, InfoSection } from '../components/info-page.tsx';

const TIER_TEXT: Readonly<Record<PromotionTier, string>> = {
  featured: 'Your race is shown first in the searches it matches and carries the Featured badge.',
  premium: 'Ranked above Featured races when several promoted races match the same search.',
  spotlight: 'The top tier: ranked above every other promotion in the searches it covers.',
};

export default function SponsorshipPage() {
  return (
    <InfoPage
      eyebrow="For organizers and brands"
      title="Sponsorship"
      lede="Put your race in front of athletes who are looking for one. Sponsorship on RaceFinder is promoted placement: your race first in the searches it matches, clearly marked Featured, for the days you choose."
      actions={
        <>
          <ButtonLink to="/promote-event" variant="primary" size="lg">
            Promote a race
          </ButtonLink>
          <ContactButton topic="sponsorship" variant="secondary">
            Talk to us
          </ContactButton>
        </>
      }
    >
      <InfoSection title="Three tiers, priced by the day">
        <InfoCards
          cards={PROMOTION_TIERS.map((tier) => ({ title: PROMOTION_TIER_LABELS[tier], tag: `${formatUsd(DAILY_RATE_CENTS[tier])} a day`, text: TIER_TEXT[tier] }))}
        />
        <p>
          A promotion runs from 1 to {MAX_PROMOTION_DAYS} days. The price is the daily rate times the days, shown before you pay. There are no other fees and nothing
          renews by itself.
        </p>
      </InfoSection>

      <InfoSection title="Where your race shows">
        <p>Choose who sees the promotion:</p>
        <ul>
          <li>
            <strong>Site-wide</strong>: every search where your race is among the results.
          </li>
          <li>
            <strong>One state</strong>: searches for races in that state, for a race that draws a local field.
          </li>
          <li>
            <strong>One type of event</strong>: searches for trail races, triathlons, ultras or another type.
          </li>
        </ul>
        <p>A promotion only lifts your race among results it already matches: a search for marathons in Ohio will not show a 5K in Texas.</p>
      </InfoSection>

      <InfoSection title="How it works">
        <InfoCards
          ordered
          cards={[
            { title: 'Manage your race', text: <>Become an organizer, then claim your race or add it. <Link to="/apply-organizer">Apply for organizer access</Link>.</> },
            { title: 'Choose and pay', text: 'Pick the tier, where it shows and the dates. You pay through Stripe; RaceFinder never sees your card.' },
            { title: 'We review it', text: 'An administrator approves the promotion before it runs. If we do not approve it, the payment is refunded in full.' },
            { title: 'See the results', text: 'Your organizer dashboard shows the views, saves and registration clicks of your race, day by day.' },
          ]}
        />
      </InfoSection>

      <InfoSection title="Brands and other sponsorship">
        <p>
          RaceFinder sells no banner ads and never sells athletes’ data, so sponsorship here means supporting races. If you want to back a race series, a region or a
          kind of event rather than a single race, tell us what you have in mind and we will work out with you what RaceFinder can do.
        </p>
      </InfoSection>

      <ContactCallToAction
        topic="sponsorship"
        title="Tell us what you need"
        text="Questions about promotions, a sponsorship idea, or a promotion for several races at once: write to us and we will answer by e-mail."
        button="Contact us about sponsorship"
      />
    </InfoPage>
  );
}

/** /partners: who RaceFinder works with today, what it can do with a partner now, and the contact form for the rest. */
import { Link } from 'react-router-dom';
import { ContactButton, ContactCallToAction, InfoCards, InfoPage, InfoSection } from '../components/info-page.tsx';

export default function PartnersPage() {
  return (
    <InfoPage
      eyebrow="Work with us"
      title="Partners"
      lede="RaceFinder brings races, race organizers and athletes together. If your club, race series, store or platform works with endurance athletes, there is probably something we can do together."
      actions={<ContactButton topic="partners">Propose a partnership</ContactButton>}
    >
      <InfoSection title="What RaceFinder is built on">
        <p>
          Race listings are imported every night from <strong>RunSignup</strong>’s public race search, and every listing links to the race’s own registration page.
          Promotion payments go through <strong>Stripe</strong>, the site runs on <strong>Amazon Web Services</strong>, and the AI coach uses an{' '}
          <strong>OpenAI</strong> model. These are the services we use, not endorsements of RaceFinder by them.
        </p>
      </InfoSection>

      <InfoSection title="What we can do with you today">
        <InfoCards
          cards={[
            {
              title: 'Race series and clubs',
              text: 'Each of your races shows your organization and its website, is kept up to date by you, and has its own views, saves and registration clicks.',
            },
            {
              title: 'A whole race calendar at once',
              text: 'Send us your calendar as a file and we can import it through the same checks as the nightly import, instead of adding races one by one.',
            },
            {
              title: 'Promotion for several races',
              text: (
                <>
                  Promote a series by state or event type on the dates that matter. See <Link to="/sponsorship">Sponsorship</Link> for prices.
                </>
              ),
            },
            {
              title: 'Coaches and training groups',
              text: 'Point your athletes to RaceFinder’s free plans and coach for the races you train them for; their training data stays private to them.',
            },
          ]}
        />
      </InfoSection>

      <InfoSection title="Not a formal program yet">
        <p>
          We do not have a partner program with tiers and badges, and we would rather not invent one before we know what partners need. Tell us who you are and what
          you would like to do together: a data feed, a co-promoted race series, something for your members. We answer every proposal.
        </p>
      </InfoSection>

      <ContactCallToAction
        topic="partners"
        title="Tell us what you need"
        text="Write to us about your organization and the partnership you have in mind."
        button="Contact us about partnerships"
      />
    </InfoPage>
  );
}

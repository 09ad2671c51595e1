/**
 * /corporate: how a company or team can train for a race together with RaceFinder today (each person with their
 * own plan and coach, their data private), what it does not do, and the contact form for a team's needs.
 */
import { Link } from 'react-router-dom';
import { ContactButton, ContactCallToAction, InfoCards, InfoPage, InfoSection } from '../components/info-page.tsx';

export default function CorporatePage() {
  return (
    <InfoPage
      eyebrow="For companies and teams"
      title="Corporate Wellness"
      lede="Pick a race as a team and train for it together: every colleague gets a free plan built for that race and an AI coach that follows their own training, from first run to finish line."
      actions={<ContactButton topic="corporate">Plan a team challenge</ContactButton>}
    >
      <InfoSection title="How a team uses RaceFinder today">
        <InfoCards
          ordered
          cards={[
            {
              title: 'Choose a race together',
              text: (
                <>
                  <Link to="/events">Search races</Link> by state, date and distance: a local 5K for a first challenge, a half marathon or a relay for the keen.
                </>
              ),
            },
            {
              title: 'Everyone gets a plan',
              text: 'Each person signs up and builds a plan for that race, from 5K to 50K, at their own level and on the days they can train.',
            },
            {
              title: 'Each with their own coach',
              text: 'The AI coach answers from each person’s own log and plan, and proposes changes when a week goes wrong, so beginners and regulars train at their own pace.',
            },
            {
              title: 'In their calendar',
              text: 'Plans can be added to a calendar app through a private feed, so workouts sit beside meetings.',
            },
          ]}
        />
      </InfoSection>

      <InfoSection title="Private by design">
        <p>
          Training data belongs to the person who logs it. An employer, a team lead or a colleague cannot see anyone’s workouts, plans or conversations with the
          coach, and we will not build a way to. See the <Link to="/privacy">privacy policy</Link>.
        </p>
      </InfoSection>

      <InfoSection title="What we do not offer yet">
        <p>
          There is no team dashboard, shared leaderboard or company billing today, and RaceFinder does not handle race entries: each person registers on the race’s
          own page (many races offer team or group entries there). If your team needs something more, such as a challenge across several offices or a race of your
          own listed on RaceFinder, tell us what you need.
        </p>
      </InfoSection>

      <ContactCallToAction
        topic="corporate"
        title="Tell us what your team needs"
        text="How many people, which city or cities, and what kind of challenge: we will tell you what RaceFinder can do."
        button="Contact us about corporate wellness"
      />
    </InfoPage>
  );
}

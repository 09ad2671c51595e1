/** /about: what RaceFinder is, where its races come from, how it pays for itself and how it keeps your data. */
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../components/button.tsx';
import { ContactCallToAction, InfoCards, InfoPage, InfoSection } from '../components/info-page.tsx';

export default function AboutPage() {
  return (
    <InfoPage
      eyebrow="About"
      title="About RaceFinder"
      lede="RaceFinder is a directory of endurance races across the United States (road races, trail runs, triathlons, rides, obstacle races and ultras) with the tools to train for them and, for organizers, the tools to fill them."
      actions={
        <ButtonLink to="/events" variant="primary" size="lg">
          Find a race
        </ButtonLink>
      }
    >
      <InfoSection title="What you can do here">
        <InfoCards
          cards={[
            {
              title: 'Find your next race',
              text: 'Search upcoming races by words in their name or town, by state, dates, type, terrain and distance. Save the ones you like to your dashboard, add them to your calendar, and register on the race’s own page.',
            },
            {
              title: 'Train for it',
              text: 'Log your workouts, set goals and follow your weeks on the training dashboard. A training plan is built for your race in base, build, peak and taper phases, and can follow you into your calendar app.',
            },
            {
              title: 'Ask the AI coach',
              text: 'The coach answers from your own training log, goal and plan, not from a generic script. It can explain your plan, suggest a safer change when life gets in the way, and log a workout you describe.',
            },
            {
              title: 'Put on a race',
              text: 'Organizers claim the races they run or add new ones, see how many people view, save and click through to register, and can pay to promote a race in search results.',
            },
          ]}
        />
      </InfoSection>

      <InfoSection title="Where the races come from">
        <p>
          Most races are imported every night from RunSignup’s public race search, and the listing is updated when the race changes there. Organizers can also add
          races themselves; a RaceFinder administrator reviews each new race before it appears in search. Only races dated today or later are listed.
        </p>
        <p>
          RaceFinder does not sell race entries. The Register button takes you to the race’s own registration page, and entry fees, refunds and race rules are the
          organizer’s. If a listing is wrong or out of date, <Link to="/contact?topic=general">tell us</Link> and we will correct it.
        </p>
      </InfoSection>

      <InfoSection title="How RaceFinder pays for itself">
        <p>
          Browsing, saving races, the training log and the coach are free. Organizers can pay to promote a race: a promoted race is shown first in the search
          results it matches and carries a Featured badge, so you can always tell. Payment goes through Stripe, and an administrator approves every promotion before
          it runs. <Link to="/sponsorship">Read about sponsorship</Link>.
        </p>
        <p>We do not sell your data, and we show no third-party advertising.</p>
      </InfoSection>

      <InfoSection title="How your data is kept">
        <p>
          RaceFinder runs on Amazon Web Services. Your account lives in Amazon Cognito (sign-in with e-mail and password, or Google where it is offered), and
          everything else in one database in AWS. Your training log, goals, plans and conversations with the coach are private to you: no other athlete or
          organizer can see them. The details are in our <Link to="/privacy">privacy policy</Link>.
        </p>
      </InfoSection>

      <ContactCallToAction
        topic="general"
        title="Questions, ideas or a race we are missing?"
        text="Write to us through the contact form. A person on the RaceFinder team reads every message."
        button="Contact us"
      />
    </InfoPage>
  );
}

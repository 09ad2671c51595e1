/** /volunteer: how to volunteer at races today (through the organizers), how to help RaceFinder, and the contact form. */
import { Link } from 'react-router-dom';
import { ContactButton, ContactCallToAction, InfoCards, InfoPage, InfoSection } from '../components/info-page.tsx';

export default function VolunteerPage() {
  return (
    <InfoPage
      eyebrow="Community"
      title="Volunteer"
      lede="Races run on volunteers: people at the aid stations, on the course and at the finish line. RaceFinder helps you find a race near you and points you to the organizers who need you."
      actions={<ContactButton topic="volunteer">Offer to help</ContactButton>}
    >
      <InfoSection title="Volunteer at a race">
        <InfoCards
          ordered
          cards={[
            {
              title: 'Find a race near you',
              text: (
                <>
                  <Link to="/events">Search races</Link> in your state and on the weekends you are free.
                </>
              ),
            },
            {
              title: 'Go to the organizer',
              text: 'Open the race and follow its website or registration page: organizers recruit volunteers there, and many registration sites have a volunteer sign-up.',
            },
            {
              title: 'Save the date',
              text: 'Save the race to your dashboard or add it to your calendar so the day does not slip by.',
            },
          ]}
        />
        <p>RaceFinder does not list volunteer roles itself yet: the organizer knows which roles are open and what each needs.</p>
      </InfoSection>

      <InfoSection title="Organizers: looking for volunteers?">
        <p>
          Make sure your race’s listing links to the page where people can sign up. If you run it, <Link to="/claim-event">claim the race</Link> to keep its links
          and details up to date. If listing volunteer roles on RaceFinder would help you, tell us what you need.
        </p>
      </InfoSection>

      <InfoSection title="Help RaceFinder">
        <p>
          The directory is only as good as its listings. When you spot a race that is missing, cancelled or wrong, <Link to="/contact?topic=general">tell us</Link>{' '}
          and we will fix it.
        </p>
      </InfoSection>

      <ContactCallToAction
        topic="volunteer"
        title="Want to help?"
        text="Tell us where you are and how you would like to help, as a race volunteer or with RaceFinder itself."
        button="Contact us about volunteering"
      />
    </InfoPage>
  );
}

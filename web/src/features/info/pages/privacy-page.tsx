/**
 * /privacy: the privacy policy, as sections of one document with the date it last changed. Every statement
 * here is about what the code does (what is stored, for how long, who can see it); change it with the code.
 */
import { Link } from 'react-router-dom';
import { CONTACT_KEEP_DAYS_AFTER_HANDLED } from '#shared/contact';
import { InfoPage, LegalDocument, type LegalSection } from '../components/info-page.tsx';

/** Change this date with the text: readers compare it with the last time they looked. */
const UPDATED = '2026-11-26';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <ul>
        <li>We keep what RaceFinder needs to work: your account, what you save and log, and what organizers submit.</li>
        <li>Your training log, goals, plans and coach conversations are private to you.</li>
        <li>We do not sell your data, show third-party ads or use tracking cookies.</li>
        <li>Your data is stored in Amazon Web Services in the United States.</li>
      </ul>
    ),
  },
  {
    id: 'what-we-keep',
    title: 'What we keep',
    body: (
      <>
        <p>
          <strong>Your account.</strong> Your e-mail address, first and last name, and, if you add them, your location and whether you prefer miles or kilometres.
          Your password is held by Amazon Cognito, our sign-in service, and is never stored by RaceFinder itself. If you sign in with Google, Google tells us your
          name and e-mail address.
        </p>
        <p>
          <strong>What you do as an athlete.</strong> The races you save, the workouts you log, your goals and training plans, and your conversations with the AI
          coach.
        </p>
        <p>
          <strong>What you submit as an organizer.</strong> Your organizer application (organization, contact e-mail and phone, website, description and
          references), the races you claim or add and the changes you make to them, and your promotions with their payment status. Card details go to Stripe and
          never reach RaceFinder.
        </p>
        <p>
          <strong>Messages to us.</strong> The name, e-mail address, topic and message you send through the contact form.
        </p>
        <p>
          <strong>Counts of race page visits.</strong> For each race we count, per day, how many times its page was viewed, how often it was saved and how often
          its Register button was used. So that one visitor is not counted twice within 30 minutes, we keep for those 30 minutes either your account id (when you
          are signed in) or a one-way hash of your IP address and browser name mixed with a random value that changes every day. We never store the IP address
          itself, and the hashes cannot be matched from one day to the next. Visits by automated browsers and by a race’s own organizer are not counted.
        </p>
        <p>
          <strong>Request logs.</strong> Like any website, our hosting keeps standard request logs (IP address, time, the page or API address requested) to keep
          the service secure and working.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run your account and show you your saved races, training and plans.</li>
        <li>To build your training plans and answer your questions to the coach from your own training.</li>
        <li>To review organizer applications, claims, new races and promotions, and to take promotion payments.</li>
        <li>To show organizers how their races are doing, as daily totals only.</li>
        <li>To answer your messages, and to keep RaceFinder secure and working.</li>
      </ul>
    ),
  },
  {
    id: 'who-sees-it',
    title: 'Who can see it',
    body: (
      <ul>
        <li>
          <strong>You</strong> see everything that is yours.
        </li>
        <li>
          <strong>Other athletes</strong> see nothing of yours.
        </li>
        <li>
          <strong>Organizers</strong> see the daily totals of views, saves and registration clicks of their own races, never who viewed or saved them.
        </li>
        <li>
          <strong>RaceFinder administrators</strong> see what they need to run the service: account details (name, e-mail address, role, location, sign-up
          date), organizer applications, claims, races, promotions and contact messages. No admin screen shows your training log, goals, plans or coach
          conversations.
        </li>
      </ul>
    ),
  },
  {
    id: 'service-providers',
    title: 'Services that process data for us',
    body: (
      <ul>
        <li>
          <strong>Amazon Web Services</strong> hosts RaceFinder: the website, Amazon Cognito for sign-in, and one DynamoDB database for everything else, in the
          US East (N. Virginia) region.
        </li>
        <li>
          <strong>Stripe</strong> takes promotion payments. It receives what it needs to charge a card; we keep only the payment’s status and amount.
        </li>
        <li>
          <strong>OpenAI</strong> powers the AI coach. When you send the coach a message, that message, your goal, your plan and your recent workouts are sent to
          OpenAI to write the answer. Nothing is sent to OpenAI unless you use the coach.
        </li>
        <li>
          <strong>Google</strong>, only if you choose to sign in with Google.
        </li>
        <li>
          <strong>RunSignup</strong>: we read its public race listings. We send it nothing about you.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          RaceFinder sets no advertising or tracking cookies. It uses your browser’s local storage for your sign-in session (so you stay signed in) and for a few
          settings that only affect what you see: the layout you chose for the race list, the view you chose as an organizer or administrator, and a race you asked
          to save before signing in, until it is saved.
        </p>
        <p>Clearing this site’s data in your browser signs you out and resets those settings.</p>
      </>
    ),
  },
  {
    id: 'calendar-feeds',
    title: 'Calendar feeds',
    body: (
      <p>
        If you turn on your training plan’s calendar feed, RaceFinder makes a private address for it, long and random enough that it cannot be guessed. Anyone who
        has the address can read your plan’s workouts, so share it only with your calendar app. You can give the feed a new address or turn it off at any time on
        the AI coach’s Plans tab; the old address stops working at once.
      </p>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Your account, saved races, training log, goals and plans: for as long as you have the account.</li>
        <li>Conversations with the coach: one year from each message.</li>
        <li>Contact messages: until we have handled them, then {CONTACT_KEEP_DAYS_AFTER_HANDLED} days.</li>
        <li>The 30-minute visit markers: 30 minutes. The daily visit totals of a race hold no personal data.</li>
        <li>Request logs: up to 90 days.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Everything travels over HTTPS. Every request to our API is checked on the server: who is asking, and whether the data is theirs or their role allows it.
        The database is encrypted at rest and backed up continuously so it can be restored after a mistake. Access to production systems is limited to the people
        who run RaceFinder.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    body: (
      <ul>
        <li>You can switch between miles and kilometres, and edit or delete any workout you logged.</li>
        <li>You can turn off or replace your calendar feed at any time.</li>
        <li>
          To correct your account details, get a copy of your data, or have your account and its data deleted,{' '}
          <Link to="/contact?topic=general">send us a message</Link> from the e-mail address of your account.
        </li>
      </ul>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>RaceFinder is not meant for children under 13, and we do not knowingly keep data about them. If you think we do, tell us and we will delete it.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: <p>When what we keep or how we use it changes, we update this policy and the date at the top.</p>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about your data? Write to us through the <Link to="/contact?topic=general">contact form</Link>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <InfoPage
      eyebrow="Legal"
      title="Privacy Policy"
      lede="What RaceFinder keeps about you, why, who can see it, how long it is kept, and what you can do about it. We do not sell your data."
    >
      <LegalDocument updated={UPDATED} sections={SECTIONS} />
    </InfoPage>
  );
}

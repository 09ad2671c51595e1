/** /terms: the terms of service, as sections of one document with the date it last changed. */
import { Link } from 'react-router-dom';
import { DAILY_RATE_CENTS, MAX_PROMOTION_DAYS, formatUsd } from '#shared/promotions';
import { InfoPage, LegalDocument, type LegalSection } from '../components/info-page.tsx';

/** Change this date with the text: readers compare it with the last time they looked. */
const UPDATED = '2026-11-26';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply when you use RaceFinder: this website, its race directory, its training tools and its organizer tools. By using RaceFinder, or by
          creating an account, you agree to them. If you do not agree, please do not use RaceFinder.
        </p>
        <p>
          Our <Link to="/privacy">privacy policy</Link> explains what data we keep and why; it is part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 13 years old to create an account.</li>
        <li>Give a real name and an e-mail address you can read; we use it to confirm your account and to answer you.</li>
        <li>Keep your password to yourself. You are responsible for what is done with your account.</li>
        <li>One account per person. Organizer access is granted to a person acting for an organization, not shared between people.</li>
      </ul>
    ),
  },
  {
    id: 'race-listings',
    title: 'Race listings',
    body: (
      <>
        <p>
          Race information comes from RunSignup’s public race search and from organizers. We work to keep it correct, but we cannot guarantee that every date,
          distance, price or location is right: check with the organizer before you travel or pay.
        </p>
        <p>
          RaceFinder does not sell race entries and is not a party to your registration. When you register, you do so on the organizer’s registration page, under
          the organizer’s terms, fees and refund rules.
        </p>
      </>
    ),
  },
  {
    id: 'training-and-coach',
    title: 'Training tools and the AI coach',
    body: (
      <>
        <p>
          Training plans, figures and the AI coach’s answers are general information about training, not medical advice. The coach is a computer program and can
          be wrong. Talk to a doctor before you start a new training program, and stop and get help if you feel pain, dizziness or shortness of breath.
        </p>
        <p>You decide how you train and you are responsible for it. A change the coach proposes to your plan only applies if you accept it.</p>
      </>
    ),
  },
  {
    id: 'organizers',
    title: 'Organizers',
    body: (
      <ul>
        <li>Claim or create only races that you or your organization put on, and keep their information accurate.</li>
        <li>
          Administrators review organizer applications, claims and new races, and may decline them, correct a listing, hide it from search or remove it when it is
          wrong, misleading or breaks these terms.
        </li>
        <li>You are responsible for your race itself: its safety, permits, registration and refunds.</li>
      </ul>
    ),
  },
  {
    id: 'promotions',
    title: 'Promotions and payments',
    body: (
      <>
        <p>
          Organizers can pay to promote a race they manage. Prices are per day: Featured {formatUsd(DAILY_RATE_CENTS.featured)}, Premium{' '}
          {formatUsd(DAILY_RATE_CENTS.premium)}, Spotlight {formatUsd(DAILY_RATE_CENTS.spotlight)}, for 1 to {MAX_PROMOTION_DAYS} days. The price is shown before
          you pay and is charged in US dollars through Stripe, which handles your card details; RaceFinder never sees them.
        </p>
        <p>
          A paid promotion runs only after an administrator approves it. If it is not approved, the payment is refunded in full. A promoted race is marked Featured
          and shown first among the search results its promotion covers, on the dates you chose; it does not guarantee a number of views or entries.
        </p>
        <p>
          For any question about a payment, <Link to="/contact?topic=organizers">write to us</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>When you use RaceFinder, do not:</p>
        <ul>
          <li>post false or misleading race information, or claim a race you do not organize;</li>
          <li>pretend to be someone else, or use another person’s account;</li>
          <li>send spam, abuse or unlawful content, including through the contact form;</li>
          <li>try to get around access checks, read data that is not yours, or disrupt the service;</li>
          <li>copy the directory in bulk by automated means, or send requests at a rate that burdens the service.</li>
        </ul>
        <p>We may suspend or close an account that breaks these rules.</p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'What you add to RaceFinder',
    body: (
      <>
        <p>
          Your training log, goals and plans are yours. We keep them to show them to you and to let the coach use them when you ask it something, as the privacy
          policy describes.
        </p>
        <p>
          When you add or edit a race, you allow RaceFinder to publish that information in the directory, its search results and the race’s calendar file. You
          confirm that you may share it.
        </p>
      </>
    ),
  },
  {
    id: 'other-services',
    title: 'Services we rely on',
    body: (
      <p>
        RaceFinder runs on Amazon Web Services, signs you in with Amazon Cognito (and Google, where offered), takes payments through Stripe, reads race listings from
        RunSignup and answers coach questions with OpenAI. Their own terms apply to what they do. Links to registration pages and other sites lead to services we do
        not control.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to RaceFinder',
    body: (
      <p>
        We try to keep RaceFinder running and correct, but it is provided as it is, without a promise that it will always be available or free of errors. We may
        change or remove features, and we may pause changes for maintenance; when we do, the site says so.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <p>
        To the extent the law allows, RaceFinder is not liable for indirect or consequential losses, for races that are changed or cancelled by their organizers, for
        injuries from training or racing, or for losses caused by services we rely on. Nothing in these terms limits rights you have under the law that cannot be
        limited.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use',
    body: (
      <p>
        You may stop using RaceFinder at any time. To have your account and its data deleted, <Link to="/contact?topic=general">send us a message</Link> from the
        e-mail address of your account.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as RaceFinder changes. The date at the top says when they last changed; if a change matters to how you use RaceFinder, we will say
        so on the site before it applies.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to us through the <Link to="/contact?topic=general">contact form</Link>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <InfoPage
      eyebrow="Legal"
      title="Terms of Service"
      lede="The rules for using RaceFinder: your account, race listings, the training tools and AI coach, organizer tools and paid promotions."
    >
      <LegalDocument updated={UPDATED} sections={SECTIONS} />
    </InfoPage>
  );
}

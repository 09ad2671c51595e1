/**
 * /faq: questions people ask about RaceFinder, each a disclosure widget (<details>/<summary>): the browser
 * makes them keyboard-operable and tells assistive technology whether each is open, and Find in page opens
 * the one it finds. Prices come from the one pricing table, so this page cannot disagree with checkout.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DAILY_RATE_CENTS, MAX_PROMOTION_DAYS, formatUsd } from '#shared/promotions';
import { ContactCallToAction, InfoPage, InfoSection } from '../components/info-page.tsx';

interface Question {
  readonly question: string;
  readonly answer: ReactNode;
}

const GROUPS: readonly { readonly title: string; readonly questions: readonly Question[] }[] = [
  {
    title: 'Finding races',
    questions: [
      {
        question: 'Is RaceFinder free?',
        answer: (
          <p>
            Yes, for athletes. Searching, saving races, the training log, plans and the AI coach cost nothing. Organizers pay only if they choose to promote a race.
          </p>
        ),
      },
      {
        question: 'Where do the races come from?',
        answer: (
          <>
            <p>
              Most are imported every night from RunSignup’s public race search, so new races and changes there reach RaceFinder within a day. Organizers can also add
              races themselves; an administrator reviews each one before it is listed.
            </p>
            <p>We list races in the United States (the 50 states and DC) that take place today or later.</p>
          </>
        ),
      },
      {
        question: 'How do I sign up for a race?',
        answer: (
          <p>
            Open the race and choose Register: it takes you to the race’s own registration page. RaceFinder does not sell entries, so fees, refunds and race rules
            are set by the organizer.
          </p>
        ),
      },
      {
        question: 'Why do some races say Featured?',
        answer: (
          <p>
            A Featured race is either one our editors picked or one its organizer paid to promote. Promoted races are shown first among the results they match; the
            badge is there so you always know. Everything else is in date order, soonest first.
          </p>
        ),
      },
      {
        question: 'A race is missing or its details are wrong. What can I do?',
        answer: (
          <p>
            <Link to="/contact?topic=general">Tell us through the contact form</Link> with a link to the race. If you organize it, you can{' '}
            <Link to="/claim-event">claim the race</Link> and keep its listing up to date yourself.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Your account and training',
    questions: [
      {
        question: 'Do I need an account?',
        answer: (
          <p>
            Not to browse. You need one to save races, keep a training log, get a plan and talk to the coach. You can sign up with an e-mail address and password, or
            with Google where it is offered.
          </p>
        ),
      },
      {
        question: 'Who can see my training log?',
        answer: (
          <p>
            Only you. Your workouts, goals, plans and conversations with the coach are not shown to other athletes, to organizers or on any admin screen. See the{' '}
            <Link to="/privacy">privacy policy</Link> for how they are stored.
          </p>
        ),
      },
      {
        question: 'How does the AI coach work?',
        answer: (
          <>
            <p>
              The coach reads your goal, your active plan and your recent workouts before it answers, so its advice is about your training. It uses an OpenAI model.
              Plans come from RaceFinder’s own plan builder, which keeps long runs and weekly increases within safe limits; the coach can explain a plan or propose a
              change, and a change only takes effect when you accept it.
            </p>
            <p>Each athlete can send the coach a limited number of messages a day, and the chat says when you reach the limit. The coach is not a doctor: for pain or injury, see one.</p>
          </>
        ),
      },
      {
        question: 'Can I see my plan in my calendar app?',
        answer: (
          <p>
            Yes. On the AI coach’s Plans tab you can turn on a private calendar feed: an address only you know, which calendar apps such as Google Calendar or Apple
            Calendar subscribe to. You can give it a new address or turn it off at any time, and the old address stops working at once.
          </p>
        ),
      },
      {
        question: 'How do I delete my account?',
        answer: (
          <p>
            <Link to="/contact?topic=general">Send us a message</Link> from the e-mail address of your account and we will delete the account and the data that
            belongs to it.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Organizers',
    questions: [
      {
        question: 'How do I become an organizer on RaceFinder?',
        answer: (
          <p>
            Sign in and <Link to="/apply-organizer">apply for organizer access</Link>. An administrator reviews each application, usually within 3-5 business days.
            Once approved you can claim your races, add new ones and promote them.
          </p>
        ),
      },
      {
        question: 'My race is already listed. How do I manage it?',
        answer: (
          <p>
            Claim it from its page or from <Link to="/claim-event">Claim an Event</Link>. Once an administrator approves the claim, the race is yours to edit and
            promote, and you can see its views, saves and registration clicks on your organizer dashboard.
          </p>
        ),
      },
      {
        question: 'What does a promotion cost?',
        answer: (
          <p>
            Featured {formatUsd(DAILY_RATE_CENTS.featured)}, Premium {formatUsd(DAILY_RATE_CENTS.premium)} and Spotlight {formatUsd(DAILY_RATE_CENTS.spotlight)} a
            day, for 1 to {MAX_PROMOTION_DAYS} days, across the whole site, in one state or for one type of event. You pay through Stripe; an administrator approves
            the promotion before it runs, and a promotion that is not approved is refunded. See <Link to="/sponsorship">Sponsorship</Link>.
          </p>
        ),
      },
    ],
  },
];

export default function FaqPage() {
  return (
    <InfoPage
      eyebrow="Help"
      title="Frequently Asked Questions"
      lede="Answers about finding races, your account and training data, the AI coach, and running a race on RaceFinder. Choose a question to open its answer."
    >
      {GROUPS.map((group) => (
        <InfoSection key={group.title} title={group.title}>
          <div className="faq-list">
            {group.questions.map((item) => (
              <details key={item.question} className="faq-item">
                <summary>{item.question}</summary>
                <div className="faq-item__answer">{item.answer}</div>
              </details>
            ))}
          </div>
        </InfoSection>
      ))}
      <ContactCallToAction topic="general" title="Didn’t find your answer?" text="Ask us through the contact form; we answer by e-mail." button="Ask a question" />
    </InfoPage>
  );
}

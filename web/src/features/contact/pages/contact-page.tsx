/**
 * /contact: the contact form, its topic chosen from the link that led here (/contact?topic=sponsorship from the
 * sponsorship page), beside the team's contact details when the deployment configures them (/config.json). A
 * sent message goes to the admins' inbox (/admin/messages); the page then says so and offers another.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CONTACT_TOPIC_LABELS, isContactTopic, type ContactTopic } from '#shared/contact';
import { Button } from '../../../components/button.tsx';
import { ContactDetails } from '../../../components/contact-details.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useSiteContact } from '../../../lib/site-contact.ts';
import { useMe } from '../../../lib/use-me.ts';
import { useSendContactMessage } from '../api/use-send-contact-message.ts';
import { ContactForm, type ContactDraft } from '../components/contact-form.tsx';
import './contact-page.css';

export default function ContactPage() {
  useDocumentTitle('Contact Us');
  const [params] = useSearchParams();
  const topicParam = params.get('topic');
  const topic: ContactTopic | '' = isContactTopic(topicParam) ? topicParam : '';
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ email: string; topic: ContactTopic } | null>(null);
  // A new form (and its draft) per topic link followed and per message sent.
  const [round, setRound] = useState(0);

  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact Us"
        lede="Questions about a race, your account, organizing, sponsorship or partnerships: write to the RaceFinder team here. A person reads every message and answers by e-mail."
      />
      <div className="container contact-page">
        <div className="contact-page__main">
          {sent ? (
            <section className="contact-page__sent" role="status" aria-labelledby="contact-sent-title">
              <h2 id="contact-sent-title">Message sent</h2>
              <p>
                Thank you. Your message about {CONTACT_TOPIC_LABELS[sent.topic].toLowerCase()} is with the RaceFinder team, and we will answer at {sent.email}.
              </p>
              <div className="contact-page__sent-actions">
                <Button
                  onClick={() => {
                    setSent(null);
                    setRound((n) => n + 1);
                  }}
                >
                  Send another message
                </Button>
                <Link to="/events">Browse races</Link>
              </div>
            </section>
          ) : (
            <PrefilledForm
              key={`${topic}-${round}`}
              topic={topic}
              onSend={async (body) => {
                await send.mutateAsync(body);
                setSent({ email: body.email, topic: body.topic as ContactTopic });
              }}
            />
          )}
        </div>
        <aside className="contact-page__aside" aria-label="Other ways to reach us">
          <SiteContactBlock />
          <div className="contact-page__card">
            <h2>Before you write</h2>
            <ul>
              <li>
                Many answers are in the <Link to="/faq">FAQ</Link>.
              </li>
              <li>
                Running a race? <Link to="/apply-organizer">Apply for organizer access</Link> or <Link to="/claim-event">claim your race</Link>.
              </li>
              <li>
                How we handle your data: <Link to="/privacy">privacy policy</Link>.
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}

/** The form, with the topic from the link and, for a signed-in person, their name and e-mail filled in. */
function PrefilledForm({ topic, onSend }: { topic: ContactTopic | ''; onSend: Parameters<typeof ContactForm>[0]['onSend'] }) {
  const { user } = useAuth();
  const me = useMe();
  const name = [me.data?.firstName, me.data?.lastName].filter(Boolean).join(' ');
  const initial: ContactDraft = { name, email: me.data?.email ?? user?.email ?? '', topic, message: '' };
  // Signed in: wait for the profile (briefly) so the name is there from the start rather than typed over.
  if (user && me.isPending) return <div className="contact-page__pending" aria-busy="true" />;
  return <ContactForm initial={initial} onSend={onSend} />;
}

/** The team's address, phone and e-mail from the deployment's configuration; nothing when none is configured. */
function SiteContactBlock() {
  const contact = useSiteContact();
  if (!contact || (!contact.city && !contact.phone && !contact.email)) return null;
  return (
    <div className="contact-page__card">
      <h2>RaceFinder team</h2>
      <ContactDetails contact={contact} />
    </div>
  );
}

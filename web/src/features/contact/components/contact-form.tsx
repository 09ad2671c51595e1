/**
 * The contact form: name, e-mail, topic and message, checked with the server's own schema before sending so
 * each problem shows under its field (and the server's field errors land in the same places), with nothing
 * typed lost. A hidden honeypot field catches form-filling bots: people never see it, and the server drops a
 * message that fills it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_TOPICS, CONTACT_TOPIC_LABELS, type ContactTopic } from '#shared/contact';
import { ContactMessageBodySchema, type ContactMessageBody } from '#shared/schemas/contact-message';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';

export interface ContactDraft {
  readonly name: string;
  readonly email: string;
  readonly topic: ContactTopic | '';
  readonly message: string;
}

/** The fields' problems by name (the first of each), or the body to send when there are none. */
export function checkContactDraft(draft: ContactDraft, website: string): { body?: ContactMessageBody; fields: Record<string, string> } {
  const parsed = ContactMessageBodySchema.safeParse({ ...draft, topic: draft.topic || undefined, ...(website ? { website } : {}) });
  if (parsed.success) return { body: { ...parsed.data }, fields: {} };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { fields };
}

/** What to say above the form when sending failed: the server's words for what the sender can fix. */
function problemText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500) return 'Your message could not be sent. Please try again.';
  if (error.status === 429) return 'Many messages are arriving right now. Please wait a minute and send yours again.';
  // 400 with field errors, or no connection ("Can't reach RaceFinder...").
  return error.message;
}

export function ContactForm({
  initial,
  onSend,
}: {
  initial: ContactDraft;
  /** Sends the body; throws an ApiError the form shows (field errors under their fields). */
  onSend(body: ContactMessageBody): Promise<void>;
}) {
  const [draft, setDraft] = useState(initial);
  const [website, setWebsite] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof ContactDraft>(key: K, value: ContactDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  // After a refused send, keyboard and screen-reader users land on the first field to fix.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkContactDraft(draft, website);
    setFields(checked.fields);
    if (!checked.body) {
      setProblem(null);
      setAttempt((n) => n + 1);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onSend(checked.body);
    } catch (error) {
      // Everything typed stays; the server's words go beside the fields they are about.
      setFields(bodyFieldErrors(error));
      setProblem(problemText(error));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="contact-form" onSubmit={submit} noValidate aria-label="Contact form">
      {problem ? (
        <Alert tone="error" title="Your message was not sent">
          {problem}
        </Alert>
      ) : null}
      <p className="contact-form__notice">All fields are required.</p>
      <div className="contact-form__row">
        <TextField label="Your name" required autoComplete="name" value={draft.name} onChange={(e) => set('name', e.target.value)} error={fields.name} />
        <TextField
          label="E-mail address"
          type="email"
          required
          autoComplete="email"
          value={draft.email}
          onChange={(e) => set('email', e.target.value)}
          error={fields.email}
          hint="We answer here."
        />
      </div>
      <ChoiceField
        label="Topic"
        required
        value={draft.topic}
        onChange={(value) => set('topic', value as ContactTopic)}
        options={CONTACT_TOPICS.map((topic) => ({ value: topic, label: CONTACT_TOPIC_LABELS[topic] }))}
        error={fields.topic}
      />
      <TextAreaField
        label="Message"
        required
        value={draft.message}
        onChange={(value) => set('message', value)}
        error={fields.message}
        hint={`${CONTACT_MESSAGE_MIN} to ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters. For a race, include its name or a link.`}
      />
      {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
        </label>
      </div>
      <div className="contact-form__actions">
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {busy ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}

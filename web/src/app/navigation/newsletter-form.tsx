import { useState, type FormEvent } from 'react';
import { SUBSCRIBED_TEXT, SUBSCRIBED_TITLE } from '#shared/newsletter';
import { Button } from '../../components/button.tsx';
import { useToast } from '../../components/toast.tsx';
import { isEmail } from '../../features/auth/api/is-email.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';

const INVALID_EMAIL = 'Enter a valid e-mail address, like name@example.com.';

/** What went wrong, in words for the person: the server's own for the address, a line for anything else. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.fields?.['body.email']?.[0] ?? error.message;
  return errorMessage(error, 'Your sign-up did not go through. Please try again.');
}

/**
 * Newsletter sign-up (spec 000 section 5): an empty field does nothing; a valid address is sent to the server,
 * which stores it once whatever its spelling, and the spec's toast confirms it and the field clears. A failure
 * keeps the address and says why under the field. The server answers the same whether the address was on the
 * list or not, so the form cannot tell anyone who subscribes.
 *
 * `homepage` is a honeypot: off screen, out of the tab order and hidden from screen readers, so people never
 * fill it; bots that fill every field do, and the server then stores nothing.
 */
export function NewsletterForm() {
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  const [email, setEmail] = useState('');
  const [homepage, setHomepage] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value || pending) return;
    if (!isEmail(value)) {
      setError(INVALID_EMAIL);
      return;
    }
    setError(null);
    setPending(true);
    try {
      const { subscribeToNewsletter } = await import('../../features/newsletter/api/subscribe.ts');
      await subscribeToNewsletter({ email: value, ...(homepage ? { homepage } : {}) });
      setEmail('');
      toast({ title: SUBSCRIBED_TITLE, description: SUBSCRIBED_TEXT });
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="newsletter" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="newsletter-title">
      <div className="newsletter__text">
        <h2 id="newsletter-title" className="newsletter__title">
          Race news in your inbox
        </h2>
        <p className="newsletter__lede">New races near you and training tips, about once a month.</p>
      </div>
      <div className="newsletter__controls">
        <label htmlFor="newsletter-email" className="visually-hidden">
          Newsletter e-mail
        </label>
        <input
          id="newsletter-email"
          className="newsletter__input"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
        />
        <div className="newsletter__trap" aria-hidden="true">
          <label htmlFor="newsletter-homepage">Leave this field empty</label>
          <input id="newsletter-homepage" type="text" name="homepage" tabIndex={-1} autoComplete="off" value={homepage} onChange={(event) => setHomepage(event.target.value)} />
        </div>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Subscribing…' : 'Subscribe'}
        </Button>
        {error ? (
          <p id="newsletter-error" className="newsletter__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

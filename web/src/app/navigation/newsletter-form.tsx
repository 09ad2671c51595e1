import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { useToast } from '../../components/toast.tsx';
import { isEmail } from '../../features/auth/api/is-email.ts';

/**
 * Newsletter sign-up. There is no mailing service yet, so nothing is sent (as the product spec says): an
 * empty field does nothing, a valid address is acknowledged and the field clears.
 */
export function NewsletterForm() {
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return;
    if (!isEmail(value)) {
      setError('Enter a valid e-mail address, like name@example.com.');
      return;
    }
    setError(null);
    setEmail('');
    toast({ title: 'Subscribed!', description: "You'll receive the latest race updates and training tips." });
  }

  return (
    <form className="newsletter" onSubmit={submit} noValidate aria-labelledby="newsletter-title">
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
        <Button type="submit" variant="primary">
          Subscribe
        </Button>
        {error ? (
          <p id="newsletter-error" className="newsletter__error">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

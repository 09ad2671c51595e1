import type { SiteContact } from '#shared/runtime-config';
import { telHref } from '../lib/site-contact.ts';
import { MailIcon, PhoneIcon } from './detail-icons.tsx';
import { PinIcon } from './icons.tsx';
import './contact-details.css';

/** An address that may wrap after its @ (a narrow footer column) rather than inside a word. */
function breakAfterAt(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The team's configured contact details (city, phone, e-mail), one a line; nothing when none is configured. */
export function ContactDetails({ contact, tone = 'light' }: { contact: SiteContact | undefined; tone?: 'light' | 'dark' }) {
  if (!contact || (!contact.city && !contact.phone && !contact.email)) return null;
  return (
    <address className={`contact-details contact-details--${tone}`}>
      {contact.city ? (
        <span className="contact-details__line">
          <PinIcon size={18} />
          {contact.city}
        </span>
      ) : null}
      {contact.phone ? (
        <a className="contact-details__line" href={telHref(contact.phone)}>
          <PhoneIcon size={18} />
          {contact.phone}
        </a>
      ) : null}
      {contact.email ? (
        <a className="contact-details__line" href={`mailto:${contact.email}`}>
          <MailIcon size={18} />
          <span>{breakAfterAt(contact.email)}</span>
        </a>
      ) : null}
    </address>
  );
}

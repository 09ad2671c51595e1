import type { SiteContact } from '#shared/runtime-config';
import { telHref } from '../lib/site-contact.ts';
import { MailIcon, PhoneIcon } from './detail-icons.tsx';
import { PinIcon } from './icons.tsx';
import './contact-details.css';

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
          {contact.email}
        </a>
      ) : null}
    </address>
  );
}

/** One organization in the directory: name and badge, where and how many events, rating, kinds, next event, links. */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { OrganizationCard as Card } from '#shared/schemas/organization';
import { CalendarIcon, GlobeIcon, PinIcon } from '../../../components/icons.tsx';
import { formatEventDate } from '../../../lib/event-format.ts';
import { displayHost } from '../../../lib/display-host.ts';
import { RatingLine, SpecialtyTags, VerifiedBadge, eventCountText } from './organization-parts.tsx';
import './organizers.css';

export function OrganizationCard({ organization }: { organization: Card }) {
  const titleId = useId();
  const path = `/organizers/${encodeURIComponent(organization.id)}`;
  return (
    <article className="org-card" aria-labelledby={titleId}>
      <div className="org-card__head">
        <h3 className="org-card__title" id={titleId}>
          <Link to={path}>{organization.name}</Link>
        </h3>
        {organization.verified ? <VerifiedBadge /> : null}
      </div>
      <ul className="org-card__facts">
        {organization.location ? (
          <li>
            <PinIcon size={16} />
            <span>
              {organization.location.city}, {organization.location.state}
            </span>
          </li>
        ) : null}
        <li>
          <CalendarIcon size={16} />
          <span>{eventCountText(organization)}</span>
        </li>
        {organization.rating ? (
          <li>
            <RatingLine rating={organization.rating} />
          </li>
        ) : null}
      </ul>
      <SpecialtyTags specialties={organization.specialties} />
      {organization.nextEvent ? (
        <p className="org-card__next">
          <span className="org-card__next-label">Next event</span>
          <Link to={`/events/${encodeURIComponent(organization.nextEvent.id)}`}>{organization.nextEvent.title}</Link>
          <span className="org-card__next-meta">
            <time dateTime={organization.nextEvent.eventDate}>{formatEventDate(organization.nextEvent.eventDate)}</time> · {organization.nextEvent.city},{' '}
            {organization.nextEvent.state}
          </span>
        </p>
      ) : null}
      <div className="org-card__links">
        {organization.websiteUrl ? (
          <a href={organization.websiteUrl} target="_blank" rel="noopener noreferrer">
            <GlobeIcon size={16} />
            {displayHost(organization.websiteUrl)}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        <Link className="org-card__more" to={path}>
          View organizer<span className="visually-hidden">: {organization.name}</span>
        </Link>
      </div>
    </article>
  );
}

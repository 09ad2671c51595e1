import { formatRaceStart } from '#shared/race-start-format';
import { enumLabel } from '#shared/event-vocabulary';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { CalendarIcon, GlobeIcon, PinIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useClaimedLabel } from '../../../components/claimed-label.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { EventImage } from '../../../components/event-art.tsx';
import { EventStatusPill } from '../../../components/event-status-pill.tsx';
import { downloadIcs } from '../components/calendar-download.ts';
import {
  ArrowLeftIcon,
  CalendarPlusIcon,
  CheckBadgeIcon,
  ClockIcon,
  ExternalIcon,
  FlagIcon,
  MailIcon,
  MapIcon,
  MountainIcon,
  RouteIcon,
  TicketIcon,
  UsersIcon,
} from '../../../components/detail-icons.tsx';
import { DESCRIPTION_FALLBACK, formatLongDate } from '../../../lib/event-format.ts';
import { addressLine, mapUrl } from '../components/place-format.ts';
import { displayHost } from '../../../lib/display-host.ts';
import { todayInNewYork } from '#shared/dates';
import { statusOf, type EventStatus } from '#shared/event-status';
import { describeFee } from '#shared/price-tier-words';
import { pageUrl, ShareButton } from '../components/share-button.tsx';
import { EventCover, EventGallery } from '../components/event-gallery.tsx';
import { useEventBeacon } from '../api/use-event-beacon.ts';
import { useEvent, type EventDetail } from '../api/use-event.ts';
import { Stars } from '../../../components/stars.tsx';
// The placeholder art's colours live with the event cards; the page's own styles come after them.
import './event-detail.css';

// Only events with a course load its section (and, from it, the chart): a chunk apart, off every other page.
const CourseSectionBody = lazy(() => import('../../../components/course/course-section.tsx'));

export const NOT_FOUND_TEXT = "The event you're looking for doesn't exist.";

export interface EventDetailPageProps {
  /** The save control of the page's action panel, from the page that composes it (app/pages). */
  saveAction?: (event: EventDetail) => ReactNode;
  /** The claim control (organizers: claim the event, see their claim's state), composed like saveAction. */
  claimAction?: (event: EventDetail) => ReactNode;
  /** The reviews section of a public (verified) event, composed like saveAction. */
  reviews?: (event: EventDetail) => ReactNode;
  /** "Train for this race" under the distances: a plan for the race, and the athlete's plans for it. */
  training?: (event: EventDetail) => ReactNode;
}

/** /events/:id: everything about one race, and what to do next (register, save, add to calendar, share). */
export default function EventDetailPage({ saveAction, claimAction, reviews, training }: EventDetailPageProps) {
  const { id } = useParams();
  const { query, notFound } = useEvent(id);

  if (notFound) return <EventNotFound />;
  if (query.isError) {
    return (
      <StatusPage title="Event details" heading="We couldn't load this event">
        <Alert tone="error" title="Unable to load the event">
          <p>{errorMessage(query.error)}</p>
        </Alert>
        <div className="status-page__actions">
          <Button variant="primary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
          <ButtonLink to="/events">Browse events</ButtonLink>
        </div>
      </StatusPage>
    );
  }
  if (!query.data) return <EventLoading />;
  return <EventDetailView event={query.data} saveAction={saveAction} claimAction={claimAction} reviews={reviews} training={training} />;
}

function EventLoading() {
  useDocumentTitle('Event details');
  return (
    <div className="event-loading container">
      <LoadingBlock label="Loading event" />
    </div>
  );
}

function EventNotFound() {
  return (
    <StatusPage title="Event not found" heading="Event not found">
      <p className="status-page__text">{NOT_FOUND_TEXT}</p>
      <div className="status-page__actions">
        <ButtonLink to="/events" variant="primary">
          Browse events
        </ButtonLink>
      </div>
    </StatusPage>
  );
}

/** Who confirmed the details the page shows: the organizer, or the import of the race's source. */
function checkedByWords(event: Pick<EventDetail, 'lastCheckedBy' | 'source'>): string {
  if (event.lastCheckedBy === 'organizer') return 'by the organizer';
  return event.source === 'runsignup' ? 'against RunSignup' : 'against its source listing';
}

/** What a runner must know first about a race that is not simply scheduled (shared/event-status.ts). */
function StatusNotice({ event }: { event: EventDetail }) {
  if (statusOf(event) === 'scheduled') return null;
  const place = event.websiteUrl ? 'the event website' : 'the organizer';
  switch (event.status) {
    case 'cancelled':
      return (
        <Alert tone="error" title="This race is cancelled">
          <p>It will not take place. Ask {place} about refunds or moving your entry.</p>
        </Alert>
      );
    case 'postponed':
      return (
        <Alert tone="info" title="This race is postponed">
          <p>
            It will not be run on <time dateTime={event.eventDate}>{formatLongDate(event.eventDate)}</time>, and the new date is not announced yet. Save it to be told when it is.
          </p>
        </Alert>
      );
    case 'rescheduled':
      return (
        <Alert tone="info" title="This race has a new date">
          <p>
            It is now on <time dateTime={event.eventDate}>{formatLongDate(event.eventDate)}</time>
            {event.previousEventDate ? (
              <>
                , moved from <time dateTime={event.previousEventDate}>{formatLongDate(event.previousEventDate)}</time>
              </>
            ) : null}
            .
          </p>
        </Alert>
      );
    default:
      return (
        <Alert tone="info" title="A virtual race">
          <p>Run it anywhere, on your own course, on or around the date. It is listed where it is organized.</p>
        </Alert>
      );
  }
}

export function EventDetailView({ event, saveAction, claimAction, reviews, training }: { event: EventDetail } & EventDetailPageProps) {
  useDocumentTitle(event.title);
  // "$65 until Mar 1, then $80" for a race sold in tiers (the prices still ahead), else its one fee.
  const fee = describeFee(event, todayInNewYork());
  const path = `/events/${encodeURIComponent(event.id)}`;
  const registration = registrationState(event);
  const start = formatRaceStart(event);
  const countRegisterClick = useEventBeacon(event.id);
  const claimed = useClaimedLabel(event.organizerId);

  return (
    <article className="event-page" aria-labelledby="event-title">
      <header className="event-hero">
        {event.images?.[0] ? (
          <EventCover className="event-hero__art" eventId={event.id} image={event.images[0]} />
        ) : (
          <EventImage className="event-hero__art" imageUrl={event.imageUrl} eventType={event.eventType} />
        )}
        <div className="event-hero__shade" />
        <div className="container event-hero__inner">
          <Link to="/events" className="event-hero__back">
            <ArrowLeftIcon size={16} />
            All events
          </Link>
          <ul className="event-badges" aria-label="Event tags">
            {event.featured ? <li className="event-badge event-badge--featured">Featured</li> : null}
            {event.verified ? (
              <li className="event-badge event-badge--verified">
                <CheckBadgeIcon size={14} />
                Verified
              </li>
            ) : null}
            {claimed ? <li className={`event-badge event-badge--claimed${claimed === 'Claimed' ? '' : ' event-badge--mine'}`}>{claimed}</li> : null}
            <li className="event-badge">{enumLabel(event.eventType)}</li>
            <li className="event-badge">{enumLabel(event.terrainType)}</li>
          </ul>
          <h1 id="event-title" className="event-hero__title">
            {event.title}
          </h1>
          <p className="event-hero__meta">
            <span>
              <CalendarIcon size={18} />
              <time dateTime={event.eventDate}>{formatLongDate(event.eventDate)}</time>
              {start ? ` · ${start}` : null}
              <EventStatusPill status={event.status} />
            </span>
            <span>
              <PinIcon size={18} />
              {event.city}, {event.state}
            </span>
            {event.rating ? (
              <a href="#reviews" className="event-hero__rating">
                <Stars value={event.rating.average} label={`Rated ${event.rating.average.toFixed(1)} out of 5`} /> {event.rating.average.toFixed(1)} · {event.rating.count} review{event.rating.count === 1 ? '' : 's'}
              </a>
            ) : null}
          </p>
        </div>
      </header>

      <div className="container event-layout">
        <div className="event-main">
          <StatusNotice event={event} />
          {!event.verified ? (
            <Alert tone="info" title="Not yet verified">
              <p>This event is waiting for review by the RaceFinder team. Only its organizer and admins can see it until it is verified.</p>
            </Alert>
          ) : null}

          <section className="event-section" aria-labelledby="about-title">
            <h2 id="about-title" className="event-section__title">
              About this race
            </h2>
            {event.description?.trim() ? (
              <p className="event-description">{event.description}</p>
            ) : (
              <p className="event-description event-description--fallback">{DESCRIPTION_FALLBACK}</p>
            )}
            {event.tags.length > 0 ? (
              <ul className="event-tags" aria-label="Tags">
                {event.tags.map((tag) => (
                  <li key={tag}>{tag.replace(/[-_]+/g, ' ')}</li>
                ))}
              </ul>
            ) : null}
          </section>

          {event.images && event.images.length > 0 ? (
            <section className="event-section" aria-labelledby="photos-title">
              <h2 id="photos-title" className="event-section__title">
                Photos
              </h2>
              <EventGallery eventId={event.id} images={event.images} titleId="photos-title" />
            </section>
          ) : null}

          <section className="event-section" aria-labelledby="distances-title">
            <h2 id="distances-title" className="event-section__title">
              Distances
            </h2>
            {event.distances.length > 0 ? (
              <ul className="event-distances">
                {event.distances.map((distance) => (
                  <li key={distance} className="event-distance">
                    <RouteIcon size={16} />
                    {distance}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="event-muted">The organizer has not listed distances yet.</p>
            )}
          </section>

          {training?.(event)}

          {event.course ? (
            <section className="event-section" aria-labelledby="course-title">
              <h2 id="course-title" className="event-section__title">
                Course
              </h2>
              <Suspense fallback={<LoadingBlock label="Loading the course" />}>
                <CourseSectionBody eventId={event.id} />
              </Suspense>
            </section>
          ) : null}

          {event.organization ? (
            <section className="event-section" aria-labelledby="organizer-title">
              <h2 id="organizer-title" className="event-section__title">
                Organizer
              </h2>
              <div className="event-org">
                <p className="event-org__name">
                  <Link to={`/organizers/${encodeURIComponent(event.organization.id)}`}>{event.organization.name}</Link>
                </p>
                {event.organization.description ? <p className="event-org__text">{event.organization.description}</p> : null}
                <ul className="event-org__links">
                  {event.organization.websiteUrl ? (
                    <li>
                      <a href={event.organization.websiteUrl} target="_blank" rel="noopener noreferrer">
                        <GlobeIcon size={16} />
                        {displayHost(event.organization.websiteUrl)}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </li>
                  ) : null}
                  {event.organization.email ? (
                    <li>
                      <a href={`mailto:${event.organization.email}`}>
                        <MailIcon size={16} />
                        {event.organization.email}
                      </a>
                    </li>
                  ) : null}
                </ul>
              </div>
            </section>
          ) : null}

          {event.verified ? reviews?.(event) : null}
        </div>

        <aside className="event-aside" aria-label="Key facts and actions">
          <div className="event-panel">
            <div className="event-panel__actions">
              <RegistrationStatus state={registration.state} hasLink={event.registrationUrl !== undefined} />
              {registration.state === 'closed' || registration.state === 'cancelled' ? null : event.registrationUrl ? (
                <a className="btn btn--primary btn--lg btn--block" href={event.registrationUrl} target="_blank" rel="noopener noreferrer" onClick={countRegisterClick}>
                  {registration.state === 'sold-out' ? 'Registration page' : 'Register'}
                  <ExternalIcon size={18} />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : registration.state === 'sold-out' ? null : (
                <p className="event-muted event-panel__note">Registration is not open online yet. Check the event website.</p>
              )}
              {saveAction?.(event)}
              {claimAction?.(event)}
              <div className="event-panel__pair">
                <Button onClick={() => downloadIcs(event, pageUrl(path))}>
                  <CalendarPlusIcon size={18} />
                  Add to calendar
                </Button>
                <ShareButton title={event.title} path={path} />
              </div>
            </div>

            <dl className="event-facts">
              <Fact icon={<CalendarIcon size={18} />} label="Date">
                <time dateTime={event.eventDate}>{formatLongDate(event.eventDate)}</time>
                {event.previousEventDate ? (
                  <span className="event-fact__note">
                    Moved from <time dateTime={event.previousEventDate}>{formatLongDate(event.previousEventDate)}</time>
                  </span>
                ) : null}
              </Fact>
              {start ? (
                <Fact icon={<ClockIcon size={18} />} label="Start">
                  {start}
                </Fact>
              ) : null}
              {event.registrationEndDate ? (
                <Fact icon={<ClockIcon size={18} />} label={registration.state === 'closed' ? 'Registration closed' : 'Registration closes'}>
                  {registration.state === 'today' ? 'Today, ' : null}
                  <time dateTime={event.registrationEndDate}>{formatLongDate(event.registrationEndDate)}</time>
                </Fact>
              ) : null}
              {/* The one place the page states where the race is (the hero names only the town). */}
              <Fact icon={<PinIcon size={18} />} label="Location">
                <span className="event-fact__place">{addressLine(event)}</span>
                {event.country && event.country !== 'US' ? <span className="event-fact__place">{event.country}</span> : null}
                <a className="event-fact__map" href={mapUrl(event)} target="_blank" rel="noopener noreferrer">
                  <MapIcon size={16} />
                  {event.latitude !== undefined && event.longitude !== undefined ? 'View on map' : 'Find on map'}
                  <span className="visually-hidden"> (OpenStreetMap, opens in a new tab)</span>
                </a>
              </Fact>
              <Fact icon={<RouteIcon size={18} />} label={event.distances.length === 1 ? 'Distance' : 'Distances'}>
                {event.distances.length > 0 ? event.distances.join(', ') : 'To be announced'}
              </Fact>
              <Fact icon={<TicketIcon size={18} />} label="Entry fee">
                {fee ?? 'See registration'}
              </Fact>
              {event.maxParticipants !== undefined ? (
                <Fact icon={<UsersIcon size={18} />} label="Max participants">
                  {event.maxParticipants.toLocaleString('en-US')}
                </Fact>
              ) : null}
              <Fact icon={<FlagIcon size={18} />} label="Event type">
                {enumLabel(event.eventType)}
              </Fact>
              <Fact icon={<MountainIcon size={18} />} label="Terrain">
                {enumLabel(event.terrainType)}
              </Fact>
              {event.websiteUrl ? (
                <Fact icon={<GlobeIcon size={18} />} label="Website">
                  <a href={event.websiteUrl} target="_blank" rel="noopener noreferrer">
                    {displayHost(event.websiteUrl)}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </Fact>
              ) : null}
              {event.lastCheckedAt ? (
                <Fact icon={<CheckBadgeIcon size={18} />} label="Details checked">
                  <time dateTime={event.lastCheckedAt}>{formatLongDate(event.lastCheckedAt)}</time>
                  <span className="event-fact__note">{checkedByWords(event)}</span>
                </Fact>
              ) : null}
            </dl>
          </div>
        </aside>
      </div>
    </article>
  );
}

/** The registration panel's first line: why a runner cannot register, or that today is the last day. */
function RegistrationStatus({ state, hasLink }: { state: RegistrationState; hasLink: boolean }) {
  if (state === 'open') return null;
  if (state === 'today') return <p className="event-panel__status">Registration closes today</p>;
  const words = {
    cancelled: 'Race cancelled',
    closed: 'Registration closed',
    'sold-out': hasLink ? 'Sold out: the registration page may have a waitlist or transfers' : 'Sold out',
  }[state];
  return <p className="event-panel__status event-panel__status--closed">{words}</p>;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="event-fact">
      <dt>
        <span className="event-fact__icon">{icon}</span>
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

type RegistrationState = 'open' | 'today' | 'closed' | 'cancelled' | 'sold-out';

/**
 * Whether registration is still open, by its closing day in New York (the product's time zone): closed after
 * that day or once the race has been run, closing today on the day itself; nothing to register for once the race
 * is cancelled; no place left (though a waitlist may be) once it is sold out.
 */
export function registrationState(
  event: { eventDate: string; registrationEndDate?: string; status?: EventStatus; soldOut?: boolean },
  today = todayInNewYork(),
): { state: RegistrationState } {
  if (event.status === 'cancelled') return { state: 'cancelled' };
  const end = event.registrationEndDate;
  if (event.eventDate < today || (end !== undefined && end < today)) return { state: 'closed' };
  if (event.soldOut) return { state: 'sold-out' };
  if (end === today) return { state: 'today' };
  return { state: 'open' };
}

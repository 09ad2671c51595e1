import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { daysBetween } from '#shared/dates';
import type { EventSummary } from '#shared/schemas/search';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { ArrowRightIcon, CalendarIcon, PinIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { SectionHeading } from './home-cards.tsx';

/** One event's card, from the page that composes the home page (the search card with its save heart). */
export type RenderEvent = (event: EventSummary) => ReactNode;

export interface RaceSectionProps {
  id: string;
  title: string;
  lede?: string;
  events: readonly EventSummary[] | undefined;
  isLoading: boolean;
  error: unknown;
  retry(): void;
  /** What to say when there are none. */
  empty: string;
  more: { to: string; label: string };
  renderEvent: RenderEvent;
}

/** A home section of a few race cards with a link to see more, and its loading, error and empty states. */
export function RaceSection({ id, title, lede, events, isLoading, error, retry, empty, more, renderEvent }: RaceSectionProps) {
  return (
    <section className="home-section container" aria-labelledby={id}>
      <div className="home-races__head">
        <SectionHeading id={id} title={title} lede={lede} />
        <Link to={more.to} className="home-races__more">
          {more.label}
          <ArrowRightIcon size={16} />
        </Link>
      </div>
      {isLoading ? (
        <LoadingBlock label={`Loading ${title.toLowerCase()}`} />
      ) : error ? (
        <div className="home-races__state" role="alert">
          <p>
            <strong>We couldn&apos;t load these races.</strong> {errorMessage(error)}
          </p>
          <Button size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : !events || events.length === 0 ? (
        <p className="home-races__state">{empty}</p>
      ) : (
        <ul className="event-list event-list--compact home-races__list">
          {events.map((event) => (
            <li key={event.id}>{renderEvent(event)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Today', 'Tomorrow', 'In 12 days' (race days in US Eastern time, as everywhere in the product). */
export function countdown(eventDate: string, today: string): string {
  const days = daysBetween(today, eventDate);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

export interface NextRaceProps {
  /** The soonest saved race dated today or later; undefined when none is saved. */
  event: EventSummary | undefined;
  today: string;
  isLoading: boolean;
  error: unknown;
  retry(): void;
  /** 'Welcome back, Jordan' (lib/greeting.ts) for an athlete; other roles are greeted by their own section. */
  greeting?: string;
}

/** What a signed-in home page leads with: the athlete's next saved race and how long until it. */
export function NextRace({ event, today, isLoading, error, retry, greeting }: NextRaceProps) {
  return (
    <section className="home-section container" aria-labelledby="home-next-race">
      <div className="next-race">
        <div className="next-race__text">
          {greeting ? <p className="section-eyebrow">{greeting}</p> : null}
          <h2 id="home-next-race" className="next-race__title">
            Your next race
          </h2>
          {isLoading ? (
            <LoadingBlock label="Loading your saved races" />
          ) : error ? (
            <div role="alert">
              <p className="next-race__line">We couldn&apos;t load your saved races. {errorMessage(error)}</p>
              <Button size="sm" variant="on-dark" onClick={retry}>
                Try again
              </Button>
            </div>
          ) : event ? (
            <>
              <p className="next-race__name">
                <Link to={`/events/${encodeURIComponent(event.id)}`}>{event.title}</Link>
              </p>
              <ul className="next-race__meta">
                <li>
                  <CalendarIcon size={16} />
                  <time dateTime={event.eventDate}>{formatEventDate(event.eventDate)}</time>
                </li>
                <li>
                  <PinIcon size={16} />
                  {event.city}, {event.state}
                </li>
              </ul>
            </>
          ) : (
            <p className="next-race__line">No upcoming race saved yet. Save one and its countdown shows here.</p>
          )}
        </div>
        {!isLoading && !error ? (
          event ? (
            <div className="next-race__side">
              <p className="next-race__countdown">{countdown(event.eventDate, today)}</p>
              <ButtonLink to={`/events/${encodeURIComponent(event.id)}`} variant="primary">
                View race
                <ArrowRightIcon size={18} />
              </ButtonLink>
            </div>
          ) : (
            <div className="next-race__side">
              <ButtonLink to="/local" variant="primary">
                Find races near you
                <ArrowRightIcon size={18} />
              </ButtonLink>
            </div>
          )
        ) : null}
      </div>
    </section>
  );
}

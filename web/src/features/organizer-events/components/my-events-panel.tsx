/**
 * The organizer's events (My Events): each with its date, place and where it stands (waiting for review,
 * changes requested with the administrator's notes, or live), an Edit link, and for live events the
 * `action` the page adds (Promote Event).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OwnEvent } from '#shared/schemas/organizer-event';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useMyEvents } from '../api/use-organizer-events.ts';
import '../../../components/state-panel.css';
import '../../../components/status-pill.css';
import './my-events-panel.css';

function statusOf(event: OwnEvent): { text: string; tone: string } {
  if (event.verified) return { text: 'Live', tone: 'good' };
  if (event.reviewStatus === 'changes_requested') return { text: 'Changes requested', tone: 'bad' };
  if (event.reviewStatus === 'pending') return { text: 'In review', tone: 'pending' };
  return { text: 'Not listed', tone: 'neutral' };
}

export function MyEventsPanel({ action }: { action?: (event: OwnEvent) => ReactNode }) {
  const events = useMyEvents();
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  if (events.isLoading) return <LoadingBlock label="Loading your events" />;
  if (events.isError && items.length === 0) {
    return (
      <LoadErrorPanel title="Unable to load your events" error={events.error} retry={() => void events.refetch()} />
    );
  }
  if (items.length === 0) {
    return (
      <div className="state-panel">
        <p className="state-panel__title">No events yet</p>
        <p className="state-panel__text">Events you create, and events whose claims are approved, appear here.</p>
        <ButtonLink to="/create-event" variant="primary">
          Create an event
        </ButtonLink>
      </div>
    );
  }
  return (
    <>
      <ul className="own-events" aria-label="My events">
        {items.map((event) => {
          const status = statusOf(event);
          return (
            <li key={event.id} className="own-event">
              <div className="own-event__main">
                <Link className="own-event__title" to={`/events/${event.id}`}>
                  {event.title}
                </Link>
                <span className="own-event__meta">
                  {formatEventDate(event.eventDate)} · {event.city}, {event.state}
                </span>
                {event.reviewNotes && !event.verified ? <span className="own-event__notes">Administrator's note: {event.reviewNotes}</span> : null}
              </div>
              <div className="own-event__side">
                <span className={`status-pill status-pill--${status.tone}`}>{status.text}</span>
                <div className="own-event__actions">
                  <ButtonLink to={`/events/${event.id}/edit`} size="sm" aria-label={`Edit ${event.title}`}>
                    Edit
                  </ButtonLink>
                  {event.verified ? action?.(event) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {events.hasNextPage ? (
        <Button onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
          {events.isFetchingNextPage ? 'Loading…' : 'Show more events'}
        </Button>
      ) : null}
    </>
  );
}

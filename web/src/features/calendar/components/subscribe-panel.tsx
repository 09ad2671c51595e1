import { useId } from 'react';
import { eventsCalendarName, eventsCalendarPath, RACE_FEED_MAX_EVENTS, type RaceFeedFilters } from '#shared/race-calendar';
import { CALENDAR_APPS, FeedAddress } from '../../../components/calendar-feed.tsx';
import { hasFilters } from '../api/calendar-params.ts';

/** The public feed of the filters shown: its name as a calendar app will list it, and its address. */
export function SubscribePanel({ filters }: { filters: RaceFeedFilters }) {
  const titleId = useId();
  const url = `${window.location.origin}${eventsCalendarPath(filters)}`;
  return (
    <section className="calendar-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="calendar-panel__title">
        Subscribe to this calendar
      </h2>
      <p className="calendar-panel__text">
        Add <strong>{eventsCalendarName(filters)}</strong> to {CALENDAR_APPS}: the next {RACE_FEED_MAX_EVENTS} races
        {hasFilters(filters) ? ' matching these filters' : ''} over the coming six months, each on its day with a link to its page. Your calendar app
        checks for new races a few times a day.
      </p>
      <div className="calendar-feed">
        <FeedAddress label="Feed address" url={url} hint="A public address: share it with your club or training group. Change the filters above for another calendar." />
      </div>
    </section>
  );
}

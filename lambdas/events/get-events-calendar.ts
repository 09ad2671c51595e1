/**
 * GET /api/calendar/events.ics: upcoming races matching state, type and distance as a calendar anyone may
 * subscribe to, named after its filters, each race an all-day entry (UID from the event id, so it stays one
 * entry across refreshes) linking to its event page. Public and the same for everyone: cached an hour.
 */
import { todayInNewYork } from '#shared/dates';
import { buildCalendar } from '#shared/ics';
import { eventsCalendarName, raceCalendarEntry, type RaceFeedFilters } from '#shared/race-calendar';
import { EVENTS_ROUTES } from '#shared/routes/events';
import { createHandler } from '#handler';
import { siteUrl } from '#lib/site-url';
import { raceFeedRaces } from './events-calendar.ts';

/** New races are added days ahead, not minutes: twice a day is often enough for a calendar app. */
const REFRESH_HOURS = 12;

export const handler = createHandler(EVENTS_ROUTES.getEventsCalendar, async ({ query }) => {
  const filters = query as RaceFeedFilters;
  const races = await raceFeedRaces(filters, todayInNewYork());
  return buildCalendar({
    name: eventsCalendarName(filters),
    events: races.map((race) => raceCalendarEntry(race, siteUrl)),
    now: new Date(),
    refreshHours: REFRESH_HOURS,
    prodId: 'Race Calendar',
  });
});

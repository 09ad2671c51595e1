/**
 * GET /api/calendar-feeds/{token}/saved-races.ics: the races the athlete saved, for their calendar app, each an
 * all-day entry linking to its event page. Upcoming races and those of the last SAVED_FEED_RECENT_DAYS days (a
 * race just run stays where the athlete looks for it). A feed that is off is a 404; no saves is a valid, empty
 * calendar that fills in as the athlete saves races.
 */
import { addDays, todayInNewYork } from '#shared/dates';
import { buildCalendar } from '#shared/ics';
import { raceCalendarEntry, SAVED_FEED_RECENT_DAYS } from '#shared/race-calendar';
import { CALENDAR_FEEDS_ROUTES } from '#shared/routes/calendar-feeds';
import { calendarFeedOwner } from '#data/calendar-feed';
import { savedEventsForCalendar } from '#data/saved-event';
import { createHandler } from '#handler';
import { siteUrl } from '#lib/site-url';

/** Calendar apps are asked to fetch again every few hours: a race saved in the morning is there by the evening. */
const REFRESH_HOURS = 6;

export const handler = createHandler(CALENDAR_FEEDS_ROUTES.getSavedRacesFeed, async ({ path }) => {
  const sub = await calendarFeedOwner(path.token, 'saved-races');
  const races = await savedEventsForCalendar(sub, addDays(todayInNewYork(), -SAVED_FEED_RECENT_DAYS));
  return buildCalendar({
    name: 'RaceFinder: my races',
    events: races.map((race) => raceCalendarEntry(race, siteUrl)),
    now: new Date(),
    refreshHours: REFRESH_HOURS,
    prodId: 'Saved Races',
  });
});

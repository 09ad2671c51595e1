/**
 * Races as calendar entries, for the two race feeds (the public filtered feed and an athlete's saved races)
 * and for the /calendar page, which shows the public feed's address and name for its filters. Pure, and free
 * of zod, so the page's chunk can use it.
 */
import { statusOf, statusNote, type EventStatus } from './event-status.ts';
import { DISTANCE_LABELS, enumLabel, type DistanceCategory, type EventType } from './event-vocabulary.ts';
import type { CalendarEventInput } from './ics.ts';
import { raceStart } from './race-start.ts';
import type { EventSummary } from './schemas/search.ts';
import { US_STATES, type StateCode } from './us-states.ts';

/** The public feed's filters: the ones a calendar subscription needs (text and dates would go stale). */
export interface RaceFeedFilters {
  readonly state?: StateCode;
  readonly type?: EventType;
  readonly distance?: DistanceCategory;
}

/** URL and display order of the public feed's filters. */
export const RACE_FEED_FILTER_KEYS = ['state', 'type', 'distance'] as const satisfies readonly (keyof RaceFeedFilters)[];

/** The public feed holds at most this many races... */
export const RACE_FEED_MAX_EVENTS = 200;
/** ...dated from today to this many days ahead (about six months). */
export const RACE_FEED_HORIZON_DAYS = 183;
/** Saved races stay in the athlete's feed this many days after race day (a season's worth of results to look back on). */
export const SAVED_FEED_RECENT_DAYS = 90;

/** Where the public feed of these filters is served (under the site's origin). */
export function eventsCalendarPath(filters: RaceFeedFilters): string {
  const params = new URLSearchParams();
  for (const key of RACE_FEED_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return `/api/calendar/events.ics${query ? `?${query}` : ''}`;
}

/** The filters in words, as a calendar app lists the subscription: 'RaceFinder races: Colorado · Trail Race · Half marathon'. */
export function eventsCalendarName(filters: RaceFeedFilters): string {
  const parts = [
    filters.state ? US_STATES[filters.state] : undefined,
    filters.type ? enumLabel(filters.type) : undefined,
    filters.distance ? DISTANCE_LABELS[filters.distance] : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? `RaceFinder races: ${parts.join(' · ')}` : 'RaceFinder: upcoming races';
}

/** The page of an event on the site. */
export const eventPageUrl = (siteUrl: string, id: string) => `${siteUrl.replace(/\/+$/, '')}/events/${id}`;

type RaceForCalendar = Pick<
  EventSummary,
  | 'id' | 'title' | 'eventDate' | 'startTime' | 'timeZone' | 'description' | 'city' | 'state' | 'locationName' | 'eventType' | 'terrainType' | 'distances'
  | 'registrationUrl' | 'status' | 'previousEventDate'
>;

/** How a calendar app is told a race is not going ahead as listed: its entry's STATUS (the others have none). */
const CALENDAR_STATUS: Partial<Record<EventStatus, NonNullable<CalendarEventInput['status']>>> = { cancelled: 'CANCELLED', postponed: 'TENTATIVE' };

/**
 * One race as a calendar entry, from its start time when announced, else all day: where it is, what it is, whether
 * it is cancelled, postponed or moved (shared/event-status.ts), and a link to its page on the site (or, when the
 * site's address is not known, its registration page). The UID is the event's id, so a race keeps its entry
 * across refreshes and feeds.
 */
export function raceCalendarEntry(event: RaceForCalendar, siteUrl: string | undefined): Omit<CalendarEventInput, 'now'> {
  const place = [event.locationName.trim(), event.city.trim(), event.state].filter(Boolean);
  const page = siteUrl ? eventPageUrl(siteUrl, event.id) : undefined;
  const distances = event.distances.filter((distance) => distance.trim() !== '').join(' · ');
  const facts = [enumLabel(event.eventType), `${enumLabel(event.terrainType)} course`, distances].filter(Boolean).join(', ');
  const status = statusOf(event);
  const calendarStatus = CALENDAR_STATUS[status];
  const description = [
    statusNote(event),
    event.description?.trim() || undefined,
    facts,
    event.registrationUrl ? `Registration: ${event.registrationUrl}` : undefined,
    page ? `Details: ${page}` : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    id: event.id,
    // Said in the title too: not every calendar app shows an entry's STATUS.
    title: calendarStatus ? `${enumLabel(status)}: ${event.title}` : event.title,
    date: event.eventDate,
    start: raceStart(event),
    location: [...new Set(place)].join(', '),
    description,
    url: page ?? event.registrationUrl,
    ...(calendarStatus ? { status: calendarStatus } : {}),
  };
}

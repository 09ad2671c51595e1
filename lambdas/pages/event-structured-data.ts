/**
 * An event page's JSON-LD: a schema.org SportsEvent with what Google's Event rich result asks for (name,
 * startDate, location) and recommends (description, endDate, eventStatus, previousStartDate, eventAttendanceMode,
 * image, offers, organizer). https://developers.google.com/search/docs/appearance/structured-data/event
 */
import { TZDate } from '@date-fns/tz';
import type { EventStatusType, Offer, Place, SportsEvent, WithContext } from 'schema-dts';
import { addDays, todayInNewYork } from '#shared/dates';
import { statusOf, type EventStatus } from '#shared/event-status';
import { tiersFrom } from '#shared/price-tier-words';
import { START_TIME_PATTERN } from '#shared/start-clock';
import type { EventType } from '#shared/event-vocabulary';
import type { RaceEvent } from '#shared/schemas/event';
import type { Organization } from '#shared/schemas/organization';

const SCHEMA = 'https://schema.org/';

const EVENT_STATUS: Readonly<Record<EventStatus, EventStatusType & `https://schema.org/${string}`>> = {
  scheduled: 'https://schema.org/EventScheduled',
  virtual: 'https://schema.org/EventScheduled',
  postponed: 'https://schema.org/EventPostponed',
  rescheduled: 'https://schema.org/EventRescheduled',
  cancelled: 'https://schema.org/EventCancelled',
};

/** Registration fees are in US dollars: the catalogue is of US races (StateCodeSchema). */
export const FEE_CURRENCY = 'USD';

export type EventForPage = RaceEvent & { readonly organization?: Organization };

/**
 * When the race starts, as schema.org reads it: the day and start time with the UTC offset of the race's own
 * clock on that day ("2027-04-18T07:00:00-04:00"), or the day alone when no start time is announced.
 */
export function startDateOf(event: Pick<RaceEvent, 'eventDate' | 'startTime' | 'timeZone'>): string {
  if (!event.startTime || !event.timeZone || !START_TIME_PATTERN.test(event.startTime)) return event.eventDate;
  const [year, month, day] = event.eventDate.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = event.startTime.split(':').map(Number) as [number, number];
  const local = new TZDate(year, month - 1, day, hours, minutes, event.timeZone);
  const east = -local.getTimezoneOffset();
  const sign = east < 0 ? '-' : '+';
  const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');
  return `${event.eventDate}T${event.startTime}:00${sign}${pad(Math.trunc(east / 60))}:${pad(east % 60)}`;
}

const SPORT: Readonly<Partial<Record<EventType, string>>> = {
  road_race: 'Running',
  trail_race: 'Trail running',
  ultra_marathon: 'Running',
  fun_run: 'Running',
  triathlon: 'Triathlon',
  duathlon: 'Duathlon',
  obstacle_race: 'Obstacle racing',
  cycling: 'Cycling',
};

export interface StructuredDataContext {
  /** The site's origin, for links to its other pages. */
  readonly siteUrl: string;
  /** The page's absolute URL. */
  readonly pageUrl: string;
  /** The picture previews show: the event's own, else the site's card. */
  readonly imageUrl: string;
  /** The text the page's meta description carries. */
  readonly description: string;
}

/** Typed by schema-dts (schema.org's vocabulary as TypeScript), so a misspelt property or wrong kind of value does not compile. */
export function eventStructuredData(
  event: EventForPage,
  { siteUrl, pageUrl, imageUrl, description }: StructuredDataContext,
  today: string = todayInNewYork(),
): WithContext<SportsEvent> {
  const status = statusOf(event);
  const virtual = status === 'virtual';
  const place: Place = {
    '@type': 'Place',
    name: event.locationName,
    address: {
      '@type': 'PostalAddress',
      addressLocality: event.city,
      addressRegion: event.state,
      ...(event.zipCode ? { postalCode: event.zipCode } : {}),
      addressCountry: event.country,
    },
    ...(event.latitude !== undefined && event.longitude !== undefined
      ? { geo: { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude } }
      : {}),
  };
  const registration = event.registrationUrl ?? pageUrl;
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: event.title,
    description,
    url: pageUrl,
    image: [imageUrl],
    startDate: startDateOf(event),
    endDate: event.eventDate,
    eventStatus: EVENT_STATUS[status],
    ...(status === 'rescheduled' && event.previousEventDate ? { previousStartDate: event.previousEventDate } : {}),
    eventAttendanceMode: `${SCHEMA}${virtual ? 'OnlineEventAttendanceMode' : 'OfflineEventAttendanceMode'}`,
    // A virtual race is run wherever its runners are; its address is where it is organized from.
    location: virtual ? [{ '@type': 'VirtualLocation', url: registration }, place] : place,
    ...(SPORT[event.eventType] ? { sport: SPORT[event.eventType] } : {}),
    ...offersOf(event, registration, status, today),
    ...(event.organization
      ? { organizer: { '@type': 'Organization', name: event.organization.name, url: `${siteUrl}/organizers/${encodeURIComponent(event.organization.id)}` } }
      : {}),
  };
}

/**
 * The race's offers: one per price still ahead when it sells in tiers, each valid from the day after the one
 * before it ends (the first from when RaceFinder listed it) through its own last day; else its one fee, valid
 * while registration is open.
 */
function offersOf(event: EventForPage, url: string, status: EventStatus, today: string): Pick<SportsEvent, 'offers'> {
  const offer = (fee: number, validFrom: string, validThrough: string | undefined): Offer => ({
    '@type': 'Offer',
    price: fee.toFixed(2),
    priceCurrency: FEE_CURRENCY,
    url,
    availability: `${SCHEMA}${event.soldOut || status === 'cancelled' ? 'SoldOut' : 'InStock'}`,
    validFrom,
    ...(validThrough ? { validThrough } : {}),
  });
  if (event.priceTiers && event.priceTiers.length > 0) {
    const all = event.priceTiers;
    const ahead = tiersFrom(all, today);
    // Where the prices ahead start in the list: each one's day before is the last day of the one before it.
    const first = all.length - ahead.length;
    return {
      offers: ahead.map((tier, index) => {
        const before = all[first + index - 1]?.until;
        return offer(tier.fee, before ? addDays(before, 1) : event.createdAt, tier.until ?? event.registrationEndDate);
      }),
    };
  }
  // When RaceFinder listed it: the first day the race was known to take entries.
  return event.registrationFee === undefined ? {} : { offers: offer(event.registrationFee, event.createdAt, event.registrationEndDate) };
}

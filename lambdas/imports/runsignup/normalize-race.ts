/**
 * One RunSignup race (an item of GET /Rest/races?format=json&events=T) into the ImportedEvent the upsert
 * takes, or the reason it is skipped. Pure: no I/O, `ctx.today` is the product's date (America/New_York).
 *
 * Order of the checks: the payload must match RunSignupRaceSchema ('invalid', naming the field); drafts and
 * private races are never public ('draft-or-private'); a race whose last day is before today is over
 * ('past'); outside the 50 states and DC it is 'not-us'. A race named "CANCELLED ..." is kept with
 * `cancelled: true` so the upsert can flag a listing it already has; one named "POSTPONED ..." gets the status
 * postponed, and one whose every event is virtual the status virtual (the upsert keeps a status set by hand).
 *
 * Volunteer "events" are sign-ups to help, not races: their dates, distances and prices are ignored.
 */
import type { ImportedEvent, NormalizeResult } from '#imports/imported-event';
import { normalizeUsAddress } from '#imports/normalize/address';
import { coordinatesForCity, coordinatesForZip } from '#imports/normalize/coordinates';
import { earliestDate, latestDate, localDateTimeOf, parseLocalDateTime } from '#imports/normalize/dates';
import { raceTimeZone } from '#shared/race-time-zones';
import { htmlToPlainText, plainTextLine } from '#imports/normalize/description';
import { normalizeDistances } from '#imports/normalize/distances';
import { classifyRace } from '#imports/normalize/event-type';
import { cheapestDistanceTiers, lowestOpenFee, type PricePeriod } from '#imports/normalize/fee';
import { checkedEvent, firstIssue } from '#imports/normalize/imported-event-schema';
import { httpUrl } from '#lib/http-url';
import { imageUrl } from '#imports/normalize/url';
import { isCancelledName, isPostponedName, visibilitySkip, withoutStatusMarks } from '#imports/normalize/visibility';
import { RunSignupRaceSchema, type RunSignupEvent, type RunSignupRace } from './race-schema.ts';

export interface NormalizeContext {
  /** The product's today, YYYY-MM-DD (shared/dates.ts todayInNewYork). */
  readonly today: string;
}

/** The race inside a page item: importers may pass `{ race: {...} }` or the race itself. */
function unwrap(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && 'race' in raw && !('race_id' in raw)) return (raw as { race: unknown }).race;
  return raw;
}

/** The race id of a payload that failed validation, when it has a readable one, so the job can name the race. */
function rawSourceId(raw: unknown): string | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const id = (raw as { race_id?: unknown }).race_id;
  return (typeof id === 'number' && Number.isInteger(id)) || (typeof id === 'string' && /^\d{1,20}$/.test(id)) ? String(id) : undefined;
}

interface RaceDays {
  readonly first: string;
  readonly last: string;
  /** The earliest start on the first day, HH:MM on the race's clock, when its events give times. */
  readonly startTime?: string;
}

/**
 * The race's first and last day where it is run: its events' start (and end) days in the race's zone, else
 * next_date / next_end_date, else (a race with no upcoming edition) last_date / last_end_date.
 */
function raceDays(race: RunSignupRace, events: readonly RunSignupEvent[], timeZone: string): RaceDays | undefined {
  let first: string | undefined;
  let last: string | undefined;
  const starts = events.flatMap((event) => localDateTimeOf(event.start_time, timeZone) ?? []);
  for (const event of events) {
    const start = localDateTimeOf(event.start_time, timeZone)?.date;
    const end = localDateTimeOf(event.end_time, timeZone)?.date;
    first = earliestDate(first, start);
    last = latestDate(last, latestDate(start, end));
  }
  // RunSignup writes a race with no announced time as midnight: that is no start time.
  const startTime = starts
    .filter((start) => start.date === first && start.time && start.time !== '00:00')
    .map((start) => start.time!)
    .sort()[0];
  const next = parseLocalDateTime(race.next_date)?.date;
  const nextEnd = parseLocalDateTime(race.next_end_date)?.date;
  const previous = parseLocalDateTime(race.last_date)?.date;
  const previousEnd = parseLocalDateTime(race.last_end_date)?.date;
  first ??= next ?? previous;
  if (!first) return undefined;
  last = latestDate(last, next ? nextEnd : previousEnd) ?? first;
  return { first, last: latestDate(first, last) ?? first, ...(startTime ? { startTime } : {}) };
}

/** The last day registration closes across the race's periods, no later than the race's last day. */
function registrationEnd(periods: readonly PricePeriod[], lastDay: string): string | undefined {
  let end: string | undefined;
  for (const period of periods) end = latestDate(end, parseLocalDateTime(period.closes)?.date);
  return end && end > lastDay ? lastDay : end;
}

const isVirtual = (event: RunSignupEvent) => event.event_type === 'virtual_race' || /\bvirtual\b/i.test(event.name ?? '');

/**
 * What the source says of the race's going ahead, beside a cancellation: postponed by its name's mark, virtual when
 * every event is (a race with an in-person event too is listed where it is run, tagged 'virtual').
 */
function sourceStatus(name: string, events: readonly RunSignupEvent[]): Pick<ImportedEvent, 'status'> {
  if (isPostponedName(name)) return { status: 'postponed' };
  return events.length > 0 && events.every(isVirtual) ? { status: 'virtual' } : {};
}

export function normalizeRunSignupRace(raw: unknown, ctx: NormalizeContext): NormalizeResult {
  const payload = unwrap(raw);
  const parsed = RunSignupRaceSchema.safeParse(payload);
  if (!parsed.success) {
    const sourceId = rawSourceId(payload);
    return { skipped: 'invalid', ...(sourceId ? { sourceId } : {}), message: firstIssue(parsed.error) };
  }
  const race = parsed.data;
  const sourceId = String(race.race_id);
  const events = race.events.filter((event) => !event.volunteer);
  const timeZone = raceTimeZone(race.timezone, race.address.state);

  const days = raceDays(race, events, timeZone);
  if (!days) return { skipped: 'invalid', sourceId, message: 'next_date: the race has no date' };
  const hidden = visibilitySkip({ draft: race.is_draft_race, private: race.is_private_race, lastDay: days.last, today: ctx.today });
  if (hidden) return { skipped: hidden, sourceId };

  const located = normalizeUsAddress({
    city: race.address.city,
    state: race.address.state,
    zip: race.address.zipcode,
    country: race.address.country_code,
  });
  if ('skipped' in located) return { skipped: located.skipped, sourceId, message: `address.${located.message}` };
  const { address } = located;

  const name = plainTextLine(race.name) ?? race.name;
  const title = withoutStatusMarks(name);
  const periodsByDistance: PricePeriod[][] = events.map((event) =>
    event.registration_periods.map((period) => ({ opens: period.registration_opens, closes: period.registration_closes, fee: period.race_fee })),
  );
  const periods = periodsByDistance.flat();
  const distances = normalizeDistances(events.map((event) => ({ distance: event.distance, name: event.name })));
  const { eventType, terrainType } = classifyRace({
    sourceTypes: events.map((event) => event.event_type),
    names: [title, ...events.map((event) => event.name)],
    distances,
  });
  const coordinates = coordinatesForZip(address.zipCode, address.state) ?? coordinatesForCity(address.city, address.state);
  const registrationUrl = httpUrl(race.url);
  const websiteUrl = httpUrl(race.external_race_url) ?? registrationUrl;
  const description = htmlToPlainText(race.description);
  const registrationEndDate = registrationEnd(periods, days.last);
  const registrationFee = lowestOpenFee(periods, ctx.today);
  const priceTiers = cheapestDistanceTiers(periodsByDistance, ctx.today, days.first);
  const logo = imageUrl(race.logo_url);
  const locationName = plainTextLine(race.address.street) ?? `${address.city}, ${address.state}`;

  const event: ImportedEvent = {
    title,
    ...(description ? { description } : {}),
    eventDate: days.first,
    ...(days.startTime ? { startTime: days.startTime, timeZone } : {}),
    ...(registrationEndDate ? { registrationEndDate } : {}),
    eventType,
    terrainType,
    locationName,
    city: address.city,
    state: address.state,
    country: address.country,
    ...(address.zipCode ? { zipCode: address.zipCode } : {}),
    ...(coordinates ?? {}),
    distances,
    ...(registrationFee !== undefined ? { registrationFee } : {}),
    ...(priceTiers ? { priceTiers } : {}),
    ...(registrationUrl ? { registrationUrl } : {}),
    ...(websiteUrl ? { websiteUrl } : {}),
    ...(logo ? { imageUrl: logo } : {}),
    tags: ['runsignup', ...(events.some(isVirtual) ? ['virtual'] : [])],
    ...sourceStatus(name, events),
    source: 'runsignup',
    sourceId,
    ...(isCancelledName(name) ? { cancelled: true } : {}),
  };
  return checkedEvent(event);
}

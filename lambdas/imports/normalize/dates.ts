/**
 * Dates and times of imported races. A race's day is the day on the clock where it is run: a 23:30 start in
 * Denver is on that Denver day, even though it is already the next day in UTC and in New York. So local
 * wall-clock values ("11/28/2026 23:30" from RunSignup, "2026-11-28T23:30" from JSON) are read as written and
 * never pass through a Date; only an instant (an ISO string with Z or an offset) is converted, into the
 * race's own time zone, with Intl. The product's calendar (today, "past") is America/New_York dates.
 */
import { isStateCode, type StateCode } from '#shared/us-states';

/** A wall-clock date and optional time, as written where the race is. */
export interface LocalDateTime {
  /** YYYY-MM-DD */
  readonly date: string;
  /** HH:MM, 24-hour, when a time was given. */
  readonly time?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

function validDate(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function validTime(hours: number, minutes: number): string | undefined {
  if (hours > 23 || minutes > 59) return undefined;
  return `${pad(hours)}:${pad(minutes)}`;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::\d{2})?)?$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * A local date and time as RunSignup (M/D/YYYY [H:MM]) or a person (YYYY-MM-DD[ HH:MM]) writes it, with no
 * zone: the values are taken as they are. Undefined when it is not one of those forms or not a real date.
 */
export function parseLocalDateTime(value: string | undefined): LocalDateTime | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const us = US_DATE.exec(trimmed);
  const iso = us ? undefined : ISO_LOCAL.exec(trimmed);
  const [year, month, day, hours, minutes] = us
    ? [us[3], us[1], us[2], us[4], us[5]]
    : iso
      ? [iso[1], iso[2], iso[3], iso[4], iso[5]]
      : [];
  if (year === undefined) return undefined;
  const date = validDate(Number(year), Number(month), Number(day));
  if (!date) return undefined;
  if (hours === undefined || minutes === undefined) return { date };
  const time = validTime(Number(hours), Number(minutes));
  return time ? { date, time } : undefined;
}

/** Whether Intl knows a time zone name (RunSignup's `timezone` is an IANA name such as America/Denver). */
export function isTimeZone(name: string | undefined): name is string {
  if (!name) return false;
  let known = zoneNames.get(name);
  if (known === undefined) {
    // Building a formatter is the only portable check, and it is slow: remember each name's answer.
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    if (zoneNames.size < 1000) zoneNames.set(name, known);
  }
  return known;
}
const zoneNames = new Map<string, boolean>();

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in a time zone: 2026-11-29T06:30Z in America/Denver is 2026-11-28 23:30. */
export function localDateTimeIn(instant: Date, timeZone: string): LocalDateTime {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An instant: an ISO date-time with Z or a numeric offset. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The local date of a value that may be an instant: an ISO date-time with an offset is read in the race's
 * zone (`timeZone`), anything else as a local date and time (parseLocalDateTime). An offset other than Z
 * already says the local clock, but converting gives the same day when it is the race's own offset and
 * the right day when it is not.
 */
export function localDateTimeOf(value: string | undefined, timeZone: string): LocalDateTime | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const instant = ISO_INSTANT.exec(trimmed);
  if (!instant) return parseLocalDateTime(trimmed);
  if (!validDate(Number(instant[1]), Number(instant[2]), Number(instant[3]))) return undefined;
  const parsed = new Date(trimmed);
  if (Number.isNaN(parsed.getTime())) return undefined;
  return localDateTimeIn(parsed, isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE);
}

/** The product's calendar zone (shared/dates.ts); RunSignup writes registration times in it too. */
export const FALLBACK_TIME_ZONE = 'America/New_York';

/**
 * Each state's most populous time zone, for events that do not say theirs (JSON imports): a state split
 * between zones gets the zone most of its races are in. Only instants need it; local times do not.
 */
const STATE_TIME_ZONES: Readonly<Record<StateCode, string>> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago',
  KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago',
  NV: 'America/Los_Angeles', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
  NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
  UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver',
};

/** The race's own zone: the one it names when Intl knows it, else its state's, else the product's. */
export function raceTimeZone(named: string | undefined, state: string | undefined): string {
  if (isTimeZone(named)) return named;
  if (state && isStateCode(state)) return STATE_TIME_ZONES[state];
  return FALLBACK_TIME_ZONE;
}

/** The earlier of two YYYY-MM-DD dates (either may be absent). */
export function earliestDate(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a <= b ? a : b;
}

/** The later of two YYYY-MM-DD dates (either may be absent). */
export function latestDate(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a >= b ? a : b;
}

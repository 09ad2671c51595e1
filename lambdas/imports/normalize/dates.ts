/**
 * Dates and times of imported races. A race's day is the day on the clock where it is run: a 23:30 start in
 * Denver is on that Denver day, even though it is already the next day in UTC and in New York. So local
 * wall-clock values ("11/28/2026 23:30" from RunSignup, "2026-11-28T23:30" from JSON) are read as written and
 * never pass through a Date; only an instant (an ISO string with Z or an offset) is converted, into the
 * race's own time zone, with Intl. The product's calendar (today, "past") is America/New_York dates.
 */
import { FALLBACK_TIME_ZONE, isTimeZone } from '#shared/race-time-zones';

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

const CLOCK_TIME = /^(\d{1,2}):(\d{2})\s*(?:([ap])\.?m?\.?)?$/i;

/** A start time as people write it, '07:30', '7:30', '7:30 AM' or '6:45pm', as 24-hour HH:MM; undefined otherwise. */
export function clockTime(value: string): string | undefined {
  const match = CLOCK_TIME.exec(value.trim());
  if (!match) return undefined;
  const [hours, minutes, half] = [Number(match[1]), Number(match[2]), match[3]?.toLowerCase()];
  if (!half) return validTime(hours, minutes);
  if (hours < 1 || hours > 12) return undefined;
  return validTime((hours % 12) + (half === 'p' ? 12 : 0), minutes);
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

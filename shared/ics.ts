/**
 * iCalendar (RFC 5545) files: one event, so "Add to calendar" works with every calendar app without an account
 * or a third-party service, and feeds of many that a calendar app subscribes to. Pure: the caller supplies the
 * time stamp and does the download.
 *
 * A race without a start time is an all-day entry: DTSTART;VALUE=DATE is the race day and DTEND (exclusive) the
 * day after, so the entry sits on the right calendar day in every time zone. A race with one starts at that
 * instant (UTC, so no VTIMEZONE is needed: each calendar shows it on its reader's clock) and names no end, which
 * nobody announces.
 */
import { addDays } from './dates.ts';

export interface CalendarEventInput {
  id: string;
  title: string;
  /** YYYY-MM-DD, the race day. */
  date: string;
  /** When the race starts (shared/race-start.ts raceStart); absent for an all-day entry. */
  start?: Date;
  location?: string;
  description?: string;
  url?: string;
  /** SEQUENCE: raised each time the entry changes, so a calendar app takes the new version. */
  sequence?: number;
  /** STATUS (RFC 5545 3.8.1.11): a cancelled race's entry says so, a postponed one's is tentative. */
  status?: 'TENTATIVE' | 'CANCELLED';
  /** DTSTAMP: when the file was made. */
  now: Date;
}

const CRLF = '\r\n';
/** RFC 5545 3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds a content line into lines of at most 75 octets, continuation lines starting with one space (which
 * counts toward their 75). Splits only between characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let currentOctets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = '';
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space of a continuation line
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 'YYYY-MM-DD' -> 'YYYYMMDD' (DATE value). */
function icsDate(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}

/** The calendar day after an ISO date, across month and year ends (UTC arithmetic: no DST surprises). */
export function nextDay(isoDate: string): string {
  return addDays(isoDate, 1);
}

/** DATE-TIME in UTC form: 20250614T083000Z. */
function icsTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** URIs are not TEXT, so they are not escaped (a comma is legal in a URL); line breaks are removed. */
function uriValue(url: string): string {
  return url.replace(/[\r\n]/g, '');
}

/** The VEVENT lines of one entry: timed from its start when it has one, else all day. */
function eventLines(event: Omit<CalendarEventInput, 'now'>, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.id}@racefinder`,
    `DTSTAMP:${stamp}`,
    event.sequence ? `SEQUENCE:${event.sequence}` : undefined,
    ...(event.start
      ? [`DTSTART:${icsTimestamp(event.start)}`]
      : [`DTSTART;VALUE=DATE:${icsDate(event.date)}`, `DTEND;VALUE=DATE:${icsDate(nextDay(event.date))}`]),
    `SUMMARY:${escapeText(event.title)}`,
    event.location ? `LOCATION:${escapeText(event.location)}` : undefined,
    event.description ? `DESCRIPTION:${escapeText(event.description)}` : undefined,
    event.url ? `URL:${uriValue(event.url)}` : undefined,
    event.status ? `STATUS:${event.status}` : undefined,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ].filter((line): line is string => line !== undefined);
}

/** One file for one race: "Add to calendar". */
export function buildIcs(event: CalendarEventInput): string {
  return buildCalendar({ events: [event], now: event.now, prodId: 'Event Calendar' });
}

export interface CalendarFeedInput {
  /** X-WR-CALNAME: the name calendar apps show for a subscription. */
  name?: string;
  events: readonly Omit<CalendarEventInput, 'now'>[];
  now: Date;
  /** How often a subscribing app should fetch again (REFRESH-INTERVAL, RFC 7986, and X-PUBLISHED-TTL). */
  refreshHours?: number;
  prodId?: string;
}

/** A calendar of any number of entries (a subscribed feed; an empty one is still a valid calendar). */
export function buildCalendar(feed: CalendarFeedInput): string {
  const stamp = icsTimestamp(feed.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//RaceFinder//${feed.prodId ?? 'Calendar Feed'}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    feed.name ? `X-WR-CALNAME:${escapeText(feed.name)}` : undefined,
    feed.refreshHours ? `REFRESH-INTERVAL;VALUE=DURATION:PT${feed.refreshHours}H` : undefined,
    feed.refreshHours ? `X-PUBLISHED-TTL:PT${feed.refreshHours}H` : undefined,
    ...feed.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ].filter((line): line is string => line !== undefined);
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name from the title: 'Boston Marathon 2026!' -> 'boston-marathon-2026.ics'. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'race'}.ics`;
}

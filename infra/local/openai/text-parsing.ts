/**
 * Reading figures out of what an athlete types to the coach: distances ("5 km", "3 miles", "10k", "a half
 * marathon", a bare "6" in the athlete's units), durations ("30 minutes", "1 hour 20 min", "45:30"), effort
 * ("felt like a 4", "effort 7", "6/10"), dates ("today", "yesterday", "on saturday", "2025-06-14", "by
 * October 12") and activity words. Every reader works on lower-cased text and reports the span it used, so a
 * number read as a duration is not read again as a distance.
 */
import { toKm, type Units } from './athlete-context.ts';

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Distance extends Span {
  /** As written, in `unit`. */
  readonly value: number;
  readonly unit: Units;
  readonly km: number;
  /** "10k" names a race more often than a distance covered; goals tell them apart by this. */
  readonly writtenAsK: boolean;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

const RACE_DISTANCES_KM: readonly (readonly [RegExp, number])[] = [
  [/\bhalf[- ]marathon\b/, 21.0975],
  [/\bmarathon\b/, 42.195],
];

const overlaps = (span: Span, taken: readonly Span[]) => taken.some((other) => span.start < other.end && other.start < span.end);

function* matchesOf(text: string, pattern: RegExp): Generator<RegExpExecArray> {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (let match = global.exec(text); match; match = global.exec(text)) yield match;
}

const spanOf = (match: RegExpExecArray): Span => ({ start: match.index, end: match.index + match[0].length });

/** Distances with a written unit (km, k, mi, miles), and race names unless left out, in the order they appear. */
export function writtenDistances(text: string, { raceNames = true }: { readonly raceNames?: boolean } = {}): Distance[] {
  const found: Distance[] = [];
  for (const match of matchesOf(text, new RegExp(String.raw`${NUMBER}\s*-?\s*(kilomet(?:er|re)s?|kms?|k|miles?|mi)\b`))) {
    const value = Number(match[1]);
    const unit: Units = match[2]!.startsWith('mi') ? 'mi' : 'km';
    found.push({ ...spanOf(match), value, unit, km: toKm(value, unit), writtenAsK: match[2] === 'k' });
  }
  for (const [pattern, km] of raceNames ? RACE_DISTANCES_KM : []) {
    for (const match of matchesOf(text, pattern)) {
      const span = spanOf(match);
      if (!overlaps(span, found)) found.push({ ...span, value: km, unit: 'km', km: toKm(km, 'km'), writtenAsK: false });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The first distance in the text: a written one, or else the first number no other reader claimed, in the
 * athlete's units (a coach told "ran 6 today" by a runner in miles hears six miles).
 */
export function firstDistance(
  text: string,
  units: Units,
  taken: readonly Span[],
  { raceNames = true, bareNumbers = true }: { readonly raceNames?: boolean; readonly bareNumbers?: boolean } = {},
): Distance | undefined {
  const written = writtenDistances(text, { raceNames }).find((distance) => !overlaps(distance, taken));
  if (written || !bareNumbers) return written;
  for (const match of matchesOf(text, new RegExp(String.raw`(?<![\d.:/-])${NUMBER}(?![\d.:/-])`))) {
    const span = spanOf(match);
    if (overlaps(span, taken)) continue;
    const value = Number(match[1]);
    return { ...span, value, unit: units, km: toKm(value, units), writtenAsK: false };
  }
  return undefined;
}

export interface Duration extends Span {
  readonly minutes: number;
}

/** Whole minutes from "1 hour 20 minutes", "90 min", "1.5 hours", "an hour", "half an hour", "1:05:00", "in 45:30". */
export function findDuration(text: string): Duration | undefined {
  // "at 6:30" is a time of day, not how long it took.
  const clock = /(?<!\bat\s*)\b(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\b/.exec(text);
  if (clock) {
    const [hours, minutes, seconds] = clock[1] === undefined ? [0, Number(clock[2]), Number(clock[3])] : [Number(clock[1]), Number(clock[2]), Number(clock[3])];
    return { ...spanOf(clock), minutes: Math.round(hours * 60 + minutes + seconds / 60) };
  }
  let minutes = 0;
  let start = Number.POSITIVE_INFINITY;
  let end = -1;
  const add = (match: RegExpExecArray, value: number) => {
    minutes += value;
    start = Math.min(start, match.index);
    end = Math.max(end, match.index + match[0].length);
  };
  const halfHour = /\bhalf an hour\b/.exec(text);
  if (halfHour) add(halfHour, 30);
  for (const match of matchesOf(text, new RegExp(String.raw`(?:${NUMBER}|\ban?)\s*(?:hours?|hrs?|h)\b(?:\s+and\s+a\s+half)?`))) {
    if (halfHour && match.index >= halfHour.index && match.index < halfHour.index + halfHour[0].length) continue;
    add(match, (match[1] === undefined ? 1 : Number(match[1])) * 60 + (match[0].endsWith('half') ? 30 : 0));
  }
  for (const match of matchesOf(text, new RegExp(String.raw`${NUMBER}\s*(?:minutes?|mins?)\b`))) add(match, Number(match[1]));
  return end < 0 ? undefined : { start, end, minutes: Math.round(minutes) };
}

export interface Effort extends Span {
  readonly level: number;
}

/** Effort 1 to 10: "effort 7", "effort level of 4", "rpe 6", "felt like a 4", "6/10", "6 out of 10". */
export function findEffort(text: string): Effort | undefined {
  const patterns = [
    /\b(?:effort|rpe|intensity)(?:\s+(?:level|of|was|at|is|about|around))*\s*[:=]?\s*(\d{1,2})\b/,
    /\bfelt (?:like )?(?:an? )?(\d{1,2})\b(?!\s*(?:km|k|mi|miles?|minutes?|mins?|hours?))/,
    /\b(\d{1,2})\s*(?:\/|out of)\s*10\b/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    const level = Number(match?.[1]);
    if (match && Number.isInteger(level) && level >= 1 && level <= 10) return { ...spanOf(match), level };
  }
  return undefined;
}

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const WEEKDAY_NAME = String.raw`(sun|mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?)(?:day)?s?\b`;
const WEEKDAY = String.raw`\b${WEEKDAY_NAME}`;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;
const MONTH = String.raw`\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?`;

const weekdayOf = (abbreviation: string): Weekday => WEEKDAYS.find((day) => day.startsWith(abbreviation.slice(0, 3)))!;

/** The first weekday named in the text ("saturday", "sat", "saturdays"). */
export function findWeekday(text: string): (Span & { readonly day: Weekday }) | undefined {
  const match = new RegExp(WEEKDAY).exec(text);
  return match ? { ...spanOf(match), day: weekdayOf(match[1]!) } : undefined;
}

/** Calendar arithmetic on YYYY-MM-DD, in UTC so no time zone moves a day. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const weekdayIndexOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

export interface DateMention extends Span {
  readonly date: string;
}

const isValidIso = (iso: string) => !Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso);

/**
 * "2025-06-14", or "october 12" / "12 october" with an optional year; without one, the nearest such day in
 * the direction asked (a workout was done in the past, a deadline lies ahead).
 */
function calendarDate(text: string, today: string, direction: 'past' | 'future'): DateMention | undefined {
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(text);
  if (iso && isValidIso(iso[1]!)) return { ...spanOf(iso), date: iso[1]! };
  const named =
    new RegExp(String.raw`${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b`).exec(text) ??
    new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}(?:,?\s+(\d{4}))?\b`).exec(text);
  if (!named) return undefined;
  const monthFirst = Number.isNaN(Number(named[1]));
  const monthWord = monthFirst ? named[1]! : named[2]!;
  const day = Number(monthFirst ? named[2] : named[1]);
  const month = MONTHS.findIndex((candidate) => candidate.startsWith(monthWord.slice(0, 3))) + 1;
  const pad = (value: number) => String(value).padStart(2, '0');
  const year = named[3] ? Number(named[3]) : Number(today.slice(0, 4));
  let date = `${year}-${pad(month)}-${pad(day)}`;
  if (!named[3] && direction === 'future' && date < today) date = `${year + 1}-${pad(month)}-${pad(day)}`;
  if (!named[3] && direction === 'past' && date > today) date = `${year - 1}-${pad(month)}-${pad(day)}`;
  return isValidIso(date) ? { ...spanOf(named), date } : undefined;
}

/**
 * The day a workout was done: today, yesterday, the day before yesterday, a date, or a weekday meaning its
 * latest occurrence up to today ("on saturday", "last saturday" is a week earlier when today is saturday).
 */
export function findPastDate(text: string, today: string): DateMention | undefined {
  const relative = /\b(the day before yesterday|yesterday|today|this morning|this evening|tonight)\b/.exec(text);
  if (relative) {
    const back = relative[1] === 'yesterday' ? 1 : relative[1] === 'the day before yesterday' ? 2 : 0;
    return { ...spanOf(relative), date: addDays(today, -back) };
  }
  const calendar = calendarDate(text, today, 'past');
  if (calendar) return calendar;
  const weekday = new RegExp(String.raw`\b(last\s+|on\s+)?${WEEKDAY_NAME}`).exec(text);
  if (!weekday) return undefined;
  const target = WEEKDAYS.indexOf(weekdayOf(weekday[2]!));
  let back = (weekdayIndexOf(today) - target + 7) % 7;
  if (back === 0 && weekday[1]?.trim() === 'last') back = 7;
  return { ...spanOf(weekday), date: addDays(today, -back) };
}

/** A deadline or race day: a date, or "the end of the month/year", never in the past. */
export function findFutureDate(text: string, today: string): DateMention | undefined {
  const end = /\b(?:the )?end of (?:the |this )?(month|year)\b/.exec(text);
  if (end) {
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const date = end[1] === 'year' ? `${year}-12-31` : new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    return { ...spanOf(end), date };
  }
  return calendarDate(text, today, 'future');
}

export type ActivityType = 'running' | 'cycling' | 'swimming' | 'strength' | 'yoga' | 'other';

const ACTIVITY_WORDS: readonly (readonly [RegExp, ActivityType])[] = [
  // Race names and "10k" are distances, not activities: "a 10k ride" is a ride.
  [/\b(run|runs|running|ran|jog|jogged|jogging|jogs|tempo|intervals)\b/, 'running'],
  [/\b(ride|rides|rode|riding|bike|biked|biking|cycle|cycled|cycling|spin)\b/, 'cycling'],
  [/\b(swim|swims|swam|swimming|laps)\b/, 'swimming'],
  [/\b(yoga|stretch|stretching|pilates)\b/, 'yoga'],
  [/\b(strength|weights|lifting|lifted|gym|core|circuits?)\b/, 'strength'],
];

/** The activity the first activity word names, or undefined when there is none. */
export function findActivity(text: string): ActivityType | undefined {
  let best: { index: number; type: ActivityType } | undefined;
  for (const [pattern, type] of ACTIVITY_WORDS) {
    const match = pattern.exec(text);
    if (match && (!best || match.index < best.index)) best = { index: match.index, type };
  }
  return best?.type;
}

const COUNT_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

/** "4 days a week", "four runs per week", "3x a week": how many. */
export function findTimesPerWeek(text: string): (Span & { readonly count: number }) | undefined {
  const match = /\b(\d+|one|two|three|four|five|six|seven)\s*(?:x|days?|runs?|workouts?|sessions?|times|rides?|swims?)\s*(?:a|per|each|every|\/|in a)\s*week\b/.exec(text);
  if (!match) return undefined;
  const count = COUNT_WORDS[match[1]!] ?? Number(match[1]);
  return { ...spanOf(match), count };
}

/** "a week", "per week", "weekly", "/week", "every week". */
export const WEEKLY = /\b(?:a|per|each|every|in a)\s+week\b|\bweekly\b|\/\s*(?:wk|week)\b/;

const NOTES = /\bnotes?\s*[:-]\s*(.+)$/is;

/** The message split at "notes:" / "note:": the part to read figures from, and the notes as written. */
export function splitNotes(original: string): { readonly before: string; readonly notes: string | undefined } {
  const match = NOTES.exec(original);
  return match ? { before: original.slice(0, match.index), notes: match[1]!.trim() || undefined } : { before: original, notes: undefined };
}

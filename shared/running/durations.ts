/**
 * Times and paces as runners write them: '1:23:45', '45:00', '19:57.3', '45' (minutes), '1h 23m', and a pace
 * with its unit ('7:30 /mi', '4:40 min/km'). Seconds inside. No zod: the public pacing page imports this.
 */
import { KM_PER_MILE, type DistanceUnit } from '../units.ts';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const refused = <T>(error: string): Parsed<T> => ({ ok: false, error });

/** Kilometres in one unit of distance. */
export const kmPerUnit = (unit: DistanceUnit): number => (unit === 'mi' ? KM_PER_MILE : 1);

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const COLON_TIME = /^(\d+)(?::(\d{2}))?(?::(\d{2}(?:\.\d+)?))?$/;
const LETTER_TIME = new RegExp(
  String.raw`^(?:(${NUMBER})\s*h(?:ours?|rs?)?)?\s*(?:(${NUMBER})\s*m(?:in(?:utes?|s)?)?)?\s*(?:(${NUMBER})\s*s(?:ec(?:onds?|s)?)?)?$`,
);

/** What the duration parser refuses, worded by the caller for a time or a pace. */
export type DurationProblem = 'empty' | 'format' | 'sixty' | 'zero';

/**
 * Seconds of a written duration. Colon forms count from the right (mm:ss, h:mm:ss; the first part may be any
 * size, so '90:00' is 90 minutes); later parts need two digits, so '7:5' is refused rather than guessed as
 * 7:05 or 7:50. A bare number is minutes ('45', '45.5'); letters work too ('1h 5m', '45 min', '90s').
 */
export function parseDurationSeconds(text: string): { seconds: number } | { problem: DurationProblem } {
  const value = text.trim().toLowerCase();
  if (value === '') return { problem: 'empty' };
  let seconds: number | undefined;
  if (/^\d+\.\d+$/.test(value)) {
    seconds = Number(value) * 60;
  } else if (value.includes(':')) {
    // Decimal seconds belong to the last part only ('19:57.3').
    if (!COLON_TIME.test(value)) return { problem: 'format' };
    const parts = value.split(':').map(Number);
    if (parts.slice(1).some((part) => part >= 60)) return { problem: 'sixty' };
    seconds = parts.reduce((total, part) => total * 60 + part, 0);
  } else if (/^\d+$/.test(value)) {
    seconds = Number(value) * 60;
  } else {
    const match = LETTER_TIME.exec(value);
    if (!match || (!match[1] && !match[2] && !match[3])) return { problem: 'format' };
    seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  }
  if (!Number.isFinite(seconds)) return { problem: 'format' };
  if (seconds <= 0) return { problem: 'zero' };
  return { seconds };
}

/** A finish time. */
export function parseTime(text: string): Parsed<number> {
  const parsed = parseDurationSeconds(text);
  if ('seconds' in parsed) return ok(parsed.seconds);
  switch (parsed.problem) {
    case 'empty':
      return refused('Enter a time, e.g. 1:45:00 or 45:00');
    case 'sixty':
      return refused('Minutes and seconds must be below 60, e.g. 1:05:30');
    case 'zero':
      return refused('Enter a time longer than zero');
    default:
      return refused('Enter the time as h:mm:ss or mm:ss, e.g. 1:23:45 or 45:00');
  }
}

/** The unit written after a pace: '/mi', ' min/km', ' per mile', ' mi'. */
const PACE_UNIT = /\s*(?:min(?:utes?)?\s*)?(?:(?:\/|per\s+)\s*)?(km|k|kilomet(?:er|re)s?|mi|miles?)\s*$/;

/** A pace: seconds per km, and the unit it was written in (the one typed after it, else `unit`). */
export function parsePace(text: string, unit: DistanceUnit): Parsed<{ secondsPerKm: number; unit: DistanceUnit }> {
  const value = text.trim().toLowerCase();
  const suffix = PACE_UNIT.exec(value);
  const written: DistanceUnit = suffix ? (suffix[1]!.startsWith('k') ? 'km' : 'mi') : unit;
  const parsed = parseDurationSeconds(suffix ? value.slice(0, suffix.index) : value);
  if ('seconds' in parsed) return ok({ secondsPerKm: parsed.seconds / kmPerUnit(written), unit: written });
  switch (parsed.problem) {
    case 'empty':
      return refused(`Enter a pace per ${unitName(unit)}, e.g. ${unit === 'mi' ? '8:30' : '5:15'}`);
    case 'sixty':
      return refused('Seconds must be below 60, e.g. 7:59');
    case 'zero':
      return refused('Enter a pace slower than zero');
    default:
      return refused(`Enter the pace as m:ss per ${unitName(unit)}, e.g. ${unit === 'mi' ? '7:30' : '4:40'}`);
  }
}

const DISTANCE = /^(\d+(?:\.\d+)?|\.\d+)\s*(km|k|kilomet(?:er|re)s?|mi|miles?)?$/;

/** A distance in kilometres, from a number in `unit` or one that names its own ('13.1 mi', '21.1 km'). */
export function parseDistance(text: string, unit: DistanceUnit): Parsed<number> {
  const value = text.trim().toLowerCase().replace(/,/g, '');
  if (value === '') return refused('Enter a distance');
  const match = DISTANCE.exec(value);
  if (!match) return refused(`Enter the distance as a number of ${unit === 'mi' ? 'miles' : 'kilometres'}, e.g. ${unit === 'mi' ? '6.2' : '10'}`);
  const written: DistanceUnit = match[2] ? (match[2].startsWith('k') ? 'km' : 'mi') : unit;
  const km = Number(match[1]) * kmPerUnit(written);
  if (km <= 0) return refused('Enter a distance longer than zero');
  return ok(km);
}

export const unitName = (unit: DistanceUnit): string => (unit === 'mi' ? 'mile' : 'km');

/** '1:23:45', '45:00', '4:40': whole seconds (half up), hours only when there are some. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const mmss = `${hours > 0 ? String(minutes).padStart(2, '0') : minutes}:${String(rest).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** Seconds per unit of a pace given per km. */
export const paceIn = (unit: DistanceUnit, secondsPerKm: number): number => secondsPerKm * kmPerUnit(unit);

/** '7:30 /mi' from seconds per km. */
export const formatPaceIn = (unit: DistanceUnit, secondsPerKm: number): string => `${formatDuration(paceIn(unit, secondsPerKm))} /${unit}`;

/** '26.22 mi', '42.2 km': two decimals at most, trailing zeros dropped. */
export function formatDistanceIn(unit: DistanceUnit, km: number, decimals = 2): string {
  return `${(km / kmPerUnit(unit)).toLocaleString('en-US', { maximumFractionDigits: decimals })} ${unit}`;
}

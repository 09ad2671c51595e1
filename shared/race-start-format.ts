/**
 * A race's start with its clock's name, for the event page, forms and messages (the card shows the time alone,
 * start-clock.ts): Intl only, no date arithmetic.
 */
import type { RaceClock } from './race-start.ts';
import { formatStartClock } from './start-clock.ts';

const zoneNames = new Map<string, string>();

/** Intl's name of a zone at an instant, 'MDT' (short) or 'Mountain Time' (longGeneric), remembered per zone, style and day. */
function zoneName(timeZone: string, style: 'short' | 'longGeneric', at: Date): string {
  const key = `${timeZone} ${style} ${at.toISOString().slice(0, 10)}`;
  let name = zoneNames.get(key);
  if (name === undefined) {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style }).formatToParts(at);
    name = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    if (zoneNames.size < 500) zoneNames.set(key, name);
  }
  return name;
}

/**
 * '7:00 AM MDT': the start on the race's own clock with its zone; undefined when no start time is known. The
 * abbreviation is race day's at noon UTC: after the 2 AM daylight-saving change in every US zone, so it is the
 * start's own unless a race starts between midnight and 2 AM on a change day.
 */
export function formatRaceStart(race: RaceClock): string | undefined {
  if (!race.startTime || !race.timeZone) return undefined;
  return `${formatStartClock(race.startTime)} ${zoneName(race.timeZone, 'short', new Date(`${race.eventDate}T12:00:00Z`))}`;
}

/** A zone as people name it, 'Central Time', 'Mountain Time'. */
export function timeZoneName(timeZone: string): string {
  return zoneName(timeZone, 'longGeneric', new Date());
}

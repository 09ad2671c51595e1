/**
 * A race's start with its clock's name, for the event page, forms and messages (the card shows the time alone,
 * start-clock.ts): Intl only, no date arithmetic.
 */
import type { RaceClock } from './race-start.ts';
import { formatStartClock } from './start-clock.ts';

const abbreviations = new Map<string, string>();

/**
 * The zone's abbreviation on race day ('MDT', 'MST'), read at noon UTC: after the 2 AM daylight-saving change in
 * every US zone, so it is the start's own unless a race starts between midnight and 2 AM on a change day.
 */
function zoneAbbreviation(timeZone: string, date: string): string {
  const key = `${timeZone} ${date}`;
  let abbreviation = abbreviations.get(key);
  if (abbreviation === undefined) {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(`${date}T12:00:00Z`));
    abbreviation = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    if (abbreviations.size < 500) abbreviations.set(key, abbreviation);
  }
  return abbreviation;
}

/** '7:00 AM MDT': the start on the race's own clock with its zone; undefined when no start time is known. */
export function formatRaceStart(race: RaceClock): string | undefined {
  if (!race.startTime || !race.timeZone) return undefined;
  return `${formatStartClock(race.startTime)} ${zoneAbbreviation(race.timeZone, race.eventDate)}`;
}

const zoneNames = new Map<string, string>();

/** A zone as people name it, 'Central Time', 'Mountain Time' (Intl's long generic name). */
export function timeZoneName(timeZone: string): string {
  let name = zoneNames.get(timeZone);
  if (name === undefined) {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    name = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    zoneNames.set(timeZone, name);
  }
  return name;
}

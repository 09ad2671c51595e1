/**
 * When a race starts: its day and start time on the clock where it is run (`startTime` HH:MM in `timeZone`, an
 * IANA name the server sets from where the race is, lambdas/lib/race-time-zone.ts). A race without a start time
 * has only its day, which the product reads in New York time (dates.ts).
 */
import { TZDate } from '@date-fns/tz';
import { todayInNewYork } from './dates.ts';
import { START_TIME_PATTERN } from './start-clock.ts';

export interface RaceClock {
  readonly eventDate: string;
  readonly startTime?: string;
  readonly timeZone?: string;
}

/** The instant the race starts, or undefined when its start time or zone is not known. */
export function raceStart(race: RaceClock): Date | undefined {
  if (!race.startTime || !race.timeZone || !START_TIME_PATTERN.test(race.startTime)) return undefined;
  const [year, month, day] = race.eventDate.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = race.startTime.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, race.timeZone).getTime());
}

/**
 * Whether the race has started, so that its runners may review it and write its recap: from its start time
 * where one is known (a 7 AM start in Denver opens at 7 AM there, not at midnight), else from its day.
 */
export function raceHasStarted(race: RaceClock, now: Date): boolean {
  const start = raceStart(race);
  return start ? now.getTime() >= start.getTime() : race.eventDate <= todayInNewYork(now);
}

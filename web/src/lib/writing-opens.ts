import type { RaceClock } from '#shared/race-start';
import { formatRaceStart } from '#shared/race-start-format';
import { formatEventDate } from './event-format.ts';

/**
 * When runners may write about a race (reviews, recaps), to finish a sentence: 'when the race starts: Mar 15,
 * 2026, 7:00 AM MDT' where its start time is known, else 'on race day, Mar 15, 2026' (shared/race-start.ts).
 */
export function whenWritingOpens(race: RaceClock): string {
  const start = formatRaceStart(race);
  const day = formatEventDate(race.eventDate);
  return start ? `when the race starts: ${day}, ${start}` : `on race day, ${day}`;
}

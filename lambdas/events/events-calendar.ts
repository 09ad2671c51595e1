/**
 * The public race feed: upcoming races matching state, type and distance, read through the same search the
 * /events page uses (event-search.ts), so a feed holds exactly what that search shows for its filters. Bounded
 * twice: the next RACE_FEED_MAX_EVENTS races within RACE_FEED_HORIZON_DAYS, and at most MAX_PAGES search
 * pages (each within the search's own read budget), so one feed request costs at most MAX_PAGES x READ_BUDGET
 * read units however large the catalogue.
 */
import { addDays } from '#shared/dates';
import { RACE_FEED_HORIZON_DAYS, RACE_FEED_MAX_EVENTS, type RaceFeedFilters } from '#shared/race-calendar';
import type { EventSummary } from '#shared/schemas/search';
import { searchEvents } from './event-search.ts';

/** Search pages one feed may read: 4 of them hold 200 races when every item read matches. */
export const MAX_PAGES = 8;

const byDate = (a: EventSummary, b: EventSummary) => a.eventDate.localeCompare(b.eventDate) || a.id.localeCompare(b.id);

/** The feed's races, in date order (then id), without the search's promotion marks. */
export async function raceFeedRaces(filters: RaceFeedFilters, today: string): Promise<EventSummary[]> {
  const query = { ...filters, from: today, to: addDays(today, RACE_FEED_HORIZON_DAYS) };
  const found: EventSummary[] = [];
  let cursor: string | undefined;
  let complete = false;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { page: result } = await searchEvents({ ...query, ...(cursor ? { cursor } : {}) }, { today });
    found.push(...result.items);
    if (!result.nextCursor) {
      complete = true;
      break;
    }
    // Enough in date order: promoted races (first page only) are not part of the date-ordered stream.
    if (found.filter((race) => !race.promotion).length >= RACE_FEED_MAX_EVENTS) break;
    cursor = result.nextCursor;
  }
  // Promoted races lead the first page whatever their date. When the stream stopped early, one dated after
  // where it stopped would sit alone past a gap of races not read, so the feed ends where the stream did.
  const streamEnd = complete ? undefined : found.filter((race) => !race.promotion).at(-1)?.eventDate;
  return found
    .filter((race) => streamEnd === undefined || race.eventDate <= streamEnd)
    .sort(byDate)
    .slice(0, RACE_FEED_MAX_EVENTS)
    .map(({ promotion: _promotion, ...race }) => race);
}

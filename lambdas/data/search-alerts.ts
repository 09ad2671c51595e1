/**
 * New races matched to saved searches (issue 23): the percolator's read side. A day's new races give their keys
 * (shared/saved-search-match.ts raceKeysOf); each distinct key is one Query of the postings filed under it
 * (./saved-search.ts), so the cost follows the races and the searches that could match them, never the number
 * of saved searches. Each candidate is then checked against each race it was found for.
 */
import { todayInNewYork } from '#shared/dates';
import { matchesSavedSearch, prepareRace, raceKeysOf } from '#shared/saved-search-match';
import { parseQuery } from '#shared/search-text';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import { DIGEST_MAX_RACES, notificationRaceOf } from '#shared/schemas/notifications';
import type { RaceEvent } from '#shared/schemas/event';
import { readPostings, type SearchPosting } from './saved-search.ts';

export interface SearchMatches {
  readonly posting: SearchPosting;
  /** The matching races, soonest first. */
  readonly races: RaceEvent[];
}

export interface MatchResult {
  readonly matches: SearchMatches[];
  readonly readUnits: number;
  readonly keysRead: number;
}

/** Which races can be offered at all: verified, and dated today or later (the search page's own rule). */
const offerable = (race: RaceEvent, today: string) => race.verified && race.eventDate >= today;

export async function matchRaces(races: readonly RaceEvent[], now: Date = new Date()): Promise<MatchResult> {
  const today = todayInNewYork(now);
  const offered = races.filter((race) => offerable(race, today));
  const racesByKey = new Map<string, RaceEvent[]>();
  for (const race of offered) for (const key of raceKeysOf(race)) (racesByKey.get(key) ?? racesByKey.set(key, []).get(key)!).push(race);

  const { postings, readUnits } = await readPostings(racesByKey.keys());
  const prepared = new Map(offered.map((race) => [race.id, prepareRace(race)] as const));
  // A radius search is filed under several cells and a race has a key per level: one match per search and race.
  const bySearch = new Map<string, { posting: SearchPosting; races: Map<string, RaceEvent> }>();
  for (const posting of postings) {
    const parsed = parseQuery(posting.search.q);
    for (const race of racesByKey.get(posting.anchor) ?? []) {
      if (!matchesSavedSearch(prepared.get(race.id)!, posting.search, parsed)) continue;
      const key = `${posting.sub}#${posting.id}`;
      const entry = bySearch.get(key) ?? bySearch.set(key, { posting, races: new Map() }).get(key)!;
      entry.races.set(race.id, race);
    }
  }
  const matches = [...bySearch.values()].map(({ posting, races: found }) => ({
    posting,
    races: [...found.values()].sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.title.localeCompare(b.title)),
  }));
  return { matches, readUnits, keysRead: racesByKey.size };
}

/** One digest per saved search with new matches, its soonest races listed, keyed by search and day. */
export function digestMessages(matches: readonly SearchMatches[], now: Date = new Date()): NotificationMessage<'saved-search-matches'>[] {
  const day = todayInNewYork(now);
  return matches.map(({ posting, races }) => {
    const { point: _point, ...filters } = posting.search;
    return {
      sub: posting.sub,
      kind: 'saved-search-matches',
      subject: posting.id,
      day,
      data: {
        searchId: posting.id,
        searchName: posting.name,
        search: filters,
        races: races.slice(0, DIGEST_MAX_RACES).map(notificationRaceOf),
        totalMatches: races.length,
      },
    };
  });
}

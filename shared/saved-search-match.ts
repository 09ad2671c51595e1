/**
 * Whether a race matches a saved search, and where a percolator files a search so that matching a new race reads
 * only the searches that could match it (issue 23). Pure functions: lambdas/data/saved-search.ts stores the
 * postings, the daily job (lambdas/notifications/daily-alerts.ts) reads them.
 *
 * The match is the search page's own reading of the same filters (shared/search-text.ts parseQuery: words by
 * prefix, kind words by type, terrain or whole word, distance words as categories), plus the filters themselves,
 * and a radius around the search's place. Only verified races dated today or later are ever offered to it.
 *
 * A search is filed under one anchor: something every race it matches must have, and as narrow as can be said
 * cheaply: a place's grid cells (a radius search), else the term of its longest text word, else its state, its
 * kind word's term, its type, terrain, distance, tag, elevation class, or 'ANY' (a search of nothing but, say, a rating). A race's
 * keys are every anchor it could satisfy; one Query per distinct key across a day's new races finds every
 * search that could match any of them, and the check above settles it.
 */
import { elevationClassOf } from './course-elevation.ts';
import { type DistanceCategory } from './event-vocabulary.ts';
import { cellOf, coverCells, GEO_LEVELS, haversineMiles, levelFor, type LatLng } from './geo.ts';
import { DEFAULT_RADIUS } from './near.ts';
import type { RaceEvent } from './schemas/event.ts';
import type { SavedSearchFilters } from './schemas/notifications.ts';
import { distanceCategories, eventWords, matchesKind, matchesQueryWords, parseQuery, searchTextOf, termOf, termsOf, type ParsedQuery } from './search-text.ts';
import { searchTagsOf } from './event-vocabulary.ts';

/** A saved search as the percolator sees it: its filters and, for a radius search, where its place is. */
export interface PercolatedSearch extends SavedSearchFilters {
  readonly point?: LatLng;
}

type MatchableRace = Pick<RaceEvent, 'title' | 'city' | 'state' | 'locationName' | 'distances' | 'eventType' | 'terrainType' | 'tags' | 'latitude' | 'longitude' | 'course'>;

/** How hilly a race's uploaded course is; undefined without one (it then matches no elevation filter, as in search). */
const elevationOf = (race: MatchableRace) => (race.course ? elevationClassOf(race.course.gainMeters, race.course.distanceMeters) : undefined);

const radiusOf = (search: PercolatedSearch) => search.radius ?? DEFAULT_RADIUS;

/** The anchors a search is filed under (one, or a radius search's grid cells). */
export function anchorsOf(search: PercolatedSearch): string[] {
  if (search.point) {
    const level = levelFor(radiusOf(search));
    return coverCells(search.point, radiusOf(search), level).map((cell) => `NEAR#${level.id}#${cell}`);
  }
  const parsed = parseQuery(search.q);
  const longest = [...parsed.words].sort((a, b) => b.length - a.length)[0];
  if (longest) return [`WORD#${termOf(longest)}`];
  if (search.state) return [`STATE#${search.state}`];
  // Every race of a kind has the kind's word among its own (its type's label or terrain, or its text).
  const kind = parsed.kinds[0];
  if (kind) return [`WORD#${termOf(kind.word)}`];
  if (search.type) return [`TYPE#${search.type}`];
  if (search.terrain) return [`TERRAIN#${search.terrain}`];
  const distance: DistanceCategory | undefined = search.distance ?? parsed.distances[0];
  if (distance) return [`DIST#${distance}`];
  if (search.tag) return [`TAG#${search.tag}`];
  if (search.elevation) return [`ELEV#${search.elevation}`];
  return ['ANY'];
}

/** Every anchor a race could satisfy: the keys to read for it. */
export function raceKeysOf(race: MatchableRace): string[] {
  const keys = termsOf(eventWords(race)).map((term) => `WORD#${term}`);
  keys.push(`STATE#${race.state}`, `TYPE#${race.eventType}`, `TERRAIN#${race.terrainType}`, 'ANY');
  for (const category of distanceCategories(race.distances, race.eventType)) keys.push(`DIST#${category}`);
  for (const tag of searchTagsOf(race.tags)) keys.push(`TAG#${tag}`);
  const elevation = elevationOf(race);
  if (elevation) keys.push(`ELEV#${elevation}`);
  if (race.latitude !== undefined && race.longitude !== undefined) {
    const point = { latitude: race.latitude, longitude: race.longitude };
    for (const level of GEO_LEVELS) keys.push(`NEAR#${level.id}#${cellOf(point, level)}`);
  }
  return [...new Set(keys)];
}

/** What matching reads of a race, worked out once however many searches it is checked against. */
export interface PreparedRace {
  readonly race: MatchableRace;
  readonly text: string;
  readonly categories: readonly DistanceCategory[];
  readonly tags: readonly string[];
}

export function prepareRace(race: MatchableRace): PreparedRace {
  return { race, text: searchTextOf(eventWords(race)), categories: distanceCategories(race.distances, race.eventType), tags: searchTagsOf(race.tags) };
}

/** Whether the race is one the search page would list for these filters (dates and verification aside). */
export function matchesSavedSearch(prepared: PreparedRace, search: PercolatedSearch, parsed: ParsedQuery = parseQuery(search.q)): boolean {
  const { race, text, categories } = prepared;
  if (search.state && race.state !== search.state) return false;
  if (search.type && race.eventType !== search.type) return false;
  if (search.terrain && race.terrainType !== search.terrain) return false;
  if (search.tag && !prepared.tags.includes(search.tag)) return false;
  if (search.distance && !categories.includes(search.distance)) return false;
  if (search.elevation && elevationOf(race) !== search.elevation) return false;
  if (!matchesQueryWords(text, parsed.words)) return false;
  if (!parsed.kinds.every((kind) => matchesKind({ eventType: race.eventType, terrainType: race.terrainType, searchText: text }, kind))) return false;
  if (parsed.distances.length > 0 && !parsed.distances.some((category) => categories.includes(category))) return false;
  if (search.point) {
    if (race.latitude === undefined || race.longitude === undefined) return false;
    if (haversineMiles(search.point, { latitude: race.latitude, longitude: race.longitude }) > radiusOf(search)) return false;
  }
  return true;
}

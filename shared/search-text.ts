/**
 * Text rules of event search, shared by the index writer (lambdas/data/event.ts), the search planner
 * and anything that wants to explain a match: how text is normalized into words, which words an event is
 * found by, which index partition ("term") a word lives in, how a query is parsed, and which distance
 * categories an event's free-text distances fall into. Pure functions only.
 */
import { enumLabel, type DistanceCategory, type EventType, type TerrainType } from './event-vocabulary.ts';
import type { RaceEvent } from './schemas/event.ts';
import { US_STATES, type StateCode } from './us-states.ts';

/**
 * Words shorter than this are indexed whole; longer ones under their first TERM_PREFIX_LENGTH characters.
 * Three characters keep the number of partitions small (one posting per distinct prefix per event) while a
 * partition still holds few enough events that a longer query word, checked on the posting's full text,
 * discards little of what is read.
 */
export const TERM_PREFIX_LENGTH = 3;

/**
 * Words at least this long are also indexed under their first LONG_TERM_LENGTH characters, and a query word
 * that long reads that narrower partition: 'mentone' reads the events with a word starting 'menton' (its own
 * few), not every 'memorial', 'menlo' and 'mendocino' under 'men', which at 100k events is more than one
 * page's read budget for a handful of hits. It costs about four more postings per event.
 */
export const LONG_TERM_LENGTH = 6;

/** Most words of one query that are used; more add cost without narrowing anything real. */
export const MAX_QUERY_WORDS = 6;

/** Case- and accent-folded text: NFD, combining marks removed, lower case ('Cañon' -> 'canon'). */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The normalized words of a text, split on anything that is not a letter or digit, in order, with repeats. */
export function words(text: string): string[] {
  return normalize(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * The narrowest index term that holds every event matching a query word: its first six characters when it
 * has that many, else its first three, else the whole (short) word.
 */
export function termOf(word: string): string {
  return word.slice(0, word.length >= LONG_TERM_LENGTH ? LONG_TERM_LENGTH : TERM_PREFIX_LENGTH);
}

/**
 * The texts an event is found by: title, city, state name, location, distances, type label and terrain (the
 * state code is added apart, see eventWords). Terrain is beyond the list on purpose: someone typing
 * 'trail 50k' means a 50K on trails, whether or not the organizer put 'trail' in the title.
 */
export function searchableFields(
  event: Pick<RaceEvent, 'title' | 'city' | 'state' | 'locationName' | 'distances' | 'eventType' | 'terrainType'>,
): string[] {
  return [
    event.title,
    event.city,
    US_STATES[event.state as StateCode] ?? '',
    event.locationName,
    ...event.distances,
    enumLabel(event.eventType),
    event.terrainType,
  ];
}

// Word forms ------------------------------------------------------------------------------------------

/**
 * Words written two ways that mean the same in race and place names ('St. George', 'Saint George'). An
 * event with either form is indexed under both, so a query with either form finds it and the query side
 * needs no alternatives (one partition still holds every match). Short forms are whole words like every word
 * under three characters, so 'st' never matches 'state'. The state code is indexed apart and never expanded:
 * 'MT' is Montana, and a Montana event does not become a 'mount' one.
 */
export const EQUIVALENT_WORDS: readonly (readonly [string, string])[] = [
  ['saint', 'st'],
  ['mount', 'mt'],
  ['fort', 'ft'],
];
const EQUIVALENT = new Map(EQUIVALENT_WORDS.flatMap(([long, short]) => [[long, short], [short, long]] as const));

/** A city known by a short name: an event in it is indexed under the short name and the full name's words. */
export const CITY_NICKNAMES: readonly { readonly city: readonly string[]; readonly nickname: string }[] = [
  { city: ['new', 'york', 'city'], nickname: 'nyc' },
];

/** The words an event's own words stand for as well: the other form of equivalent words and city nicknames. */
function alsoMeant(fieldWords: readonly string[], cityWords: readonly string[]): string[] {
  const extra = fieldWords.flatMap((word) => EQUIVALENT.get(word) ?? []);
  for (const { city, nickname } of CITY_NICKNAMES) {
    // 'New York' and 'New York City' are the city; 'NYC' anywhere in the event's words names it too.
    const inCity = cityWords.join(' ') === city.join(' ') || cityWords.join(' ') === city.slice(0, -1).join(' ');
    if (inCity || fieldWords.includes(nickname)) extra.push(nickname, ...city);
  }
  return extra;
}

/**
 * The distinct normalized words of an event, in first-seen order: the words of its searchable fields, the
 * state code, then the other forms of its words (EQUIVALENT_WORDS, CITY_NICKNAMES).
 */
export function eventWords(event: Parameters<typeof searchableFields>[0]): string[] {
  const fieldWords = searchableFields(event).flatMap(words);
  const stateCode = normalize(event.state);
  return [...new Set([...fieldWords, ...(stateCode ? [stateCode] : []), ...alsoMeant(fieldWords, words(event.city))])];
}

/**
 * The event's words as one string with a space around every word (' boston marathon ma massachusetts ').
 * A query word matches the event exactly when this contains the word's needle (queryNeedle), which is what
 * the DynamoDB filter `contains(searchText, :needle)` checks on postings and event items.
 */
export function searchTextOf(eventWordList: readonly string[]): string {
  return eventWordList.length === 0 ? '' : ` ${eventWordList.join(' ')} `;
}

/**
 * What the search text must contain for a query word to match: ' word' (a word starting with it) for words
 * of three or more characters, ' word ' (that whole word) for shorter ones. Short words are indexed whole,
 * so this keeps their meaning the same whichever partition drives a search: 'ma' finds Massachusetts' code,
 * '5k' the distance, not every word starting with them.
 */
export function queryNeedle(word: string): string {
  return word.length < TERM_PREFIX_LENGTH ? ` ${word} ` : ` ${word}`;
}

/** The distinct index terms of an event's words: each word's 3-character term, and its 6-character one if it has one. */
export function termsOf(eventWordList: readonly string[]): string[] {
  return [
    ...new Set(
      eventWordList.flatMap((word) =>
        word.length >= LONG_TERM_LENGTH ? [word.slice(0, TERM_PREFIX_LENGTH), word.slice(0, LONG_TERM_LENGTH)] : [word.slice(0, TERM_PREFIX_LENGTH)],
      ),
    ),
  ];
}

/** Distinct words without those a longer word already requires ('bos boston' needs just 'boston'), at most MAX_QUERY_WORDS. */
function significantWords(list: readonly string[]): string[] {
  const distinct = [...new Set(list)];
  const kept = distinct.filter(
    (word) => word.length < TERM_PREFIX_LENGTH || !distinct.some((other) => other !== word && other.startsWith(word)),
  );
  return kept.slice(0, MAX_QUERY_WORDS);
}

/**
 * The words of a search query: normalized, distinct, and without words that only repeat what a longer query
 * word already requires ('bos boston' needs just 'boston'), at most MAX_QUERY_WORDS. Every returned word
 * must match some word of a matching event (queryNeedle: by prefix, or whole when shorter than 3).
 */
export function parseQueryText(q: string | undefined): string[] {
  return significantWords(words(q ?? ''));
}

/**
 * Query words that name a kind of race. An event matches when its own type or terrain is one of the listed
 * OR its words hold the kind word whole ('Cincinnati Trail 50K', an ultra on mixed terrain, is a trail race
 * to whoever typed 'trail 50k'): the kind widens the text match, never drops an event whose title says it.
 * Whole words only, so 'trail' + Colorado still lists no road 5K named after a trailhead. `word` is the
 * indexed word that the type's label and the terrain share, whose term partition therefore holds every such
 * event, and every event with a word in `forms`, which all start with `word` (search-index.ts kindPartition).
 */
export interface KindFilter {
  readonly word: string;
  readonly types: readonly EventType[];
  readonly terrains: readonly TerrainType[];
  /** The whole words that name the kind in an event's text (the word and its plural). */
  readonly forms: readonly string[];
}

const kind = (word: string, types: EventType[], terrains: TerrainType[] = []): KindFilter => ({ word, types, terrains, forms: [word, `${word}s`] });
const TRAIL = kind('trail', ['trail_race'], ['trail']);
const ROAD = kind('road', ['road_race'], ['road']);
const TRIATHLON = kind('triathlon', ['triathlon']);
const DUATHLON = kind('duathlon', ['duathlon']);
const OBSTACLE = kind('obstacle', ['obstacle_race']);
const CYCLING = kind('cycling', ['cycling']);

/**
 * Kind words of queries. Deliberately not 'beach' or 'mountain', which are mostly place names ('Virginia
 * Beach', 'Stone Mountain'), nor 'run' or 'race', which every event is.
 */
export const KIND_WORDS: Readonly<Record<string, KindFilter>> = {
  trail: TRAIL,
  trails: TRAIL,
  road: ROAD,
  roads: ROAD,
  triathlon: TRIATHLON,
  triathlons: TRIATHLON,
  duathlon: DUATHLON,
  duathlons: DUATHLON,
  obstacle: OBSTACLE,
  ocr: OBSTACLE,
  cycling: CYCLING,
};

/**
 * Query words and numbers that name a distance category: they filter like the distance filter (an event
 * with a distance in the category), so '13.1' finds a '21.1K' and a 'Half Marathon' alike. Ultra marathons
 * are always in the 'ultra' category (distanceCategories), so 'ultra' finds every one.
 */
export const DISTANCE_WORDS: Readonly<Record<string, DistanceCategory>> = {
  '13.1': 'half',
  '26.2': 'marathon',
  ultra: 'ultra',
  ultras: 'ultra',
  ultramarathon: 'ultra',
  ultramarathons: 'ultra',
};

/** What a query's text asks for: words to match, kinds of race and distance categories to filter by. */
export interface ParsedQuery {
  readonly words: string[];
  readonly kinds: KindFilter[];
  readonly distances: DistanceCategory[];
}

/** Decimal numbers ('13.1', '26.2 mi'), read before words() would split them at the point. */
const DECIMAL = /(?<![\p{L}\p{N}.])(\d+\.\d+)(?:\s*(?:mi|miles?)\b)?(?![\p{N}.])/gu;

/**
 * Reads a query: distance numbers and words (DISTANCE_WORDS) and kind words (KIND_WORDS) become filters,
 * the rest are text words as parseQueryText reads them. Word forms need nothing here: the index holds both
 * forms of equivalent words (eventWords).
 */
export function parseQuery(q: string | undefined): ParsedQuery {
  const distances = new Set<DistanceCategory>();
  const text = normalize(q ?? '').replace(DECIMAL, (match, number: string) => {
    const category = DISTANCE_WORDS[number];
    if (!category) return match;
    distances.add(category);
    return ' ';
  });
  const kinds = new Map<string, KindFilter>();
  const rest: string[] = [];
  for (const word of words(text)) {
    const named = Object.hasOwn(KIND_WORDS, word) ? KIND_WORDS[word] : undefined;
    const category = Object.hasOwn(DISTANCE_WORDS, word) ? DISTANCE_WORDS[word] : undefined;
    if (named) kinds.set(named.word, named);
    else if (category) distances.add(category);
    else rest.push(word);
  }
  return { words: significantWords(rest), kinds: [...kinds.values()], distances: [...distances] };
}

/** The needles (searchTextOf) of a kind's whole words: ' trail ', ' trails '. */
export const kindNeedles = (filter: KindFilter): string[] => filter.forms.map((form) => ` ${form} `);

/** Whether an event's type or terrain is one a kind filter names, or its words (searchText) name the kind. */
export function matchesKind(event: { eventType: string; terrainType: string; searchText?: string }, filter: KindFilter): boolean {
  return (
    (filter.types as readonly string[]).includes(event.eventType) ||
    (filter.terrains as readonly string[]).includes(event.terrainType) ||
    kindNeedles(filter).some((needle) => (event.searchText ?? '').includes(needle))
  );
}

/** Whether an event's search text (searchTextOf) matches every query word. */
export function matchesQueryWords(searchText: string, queryWords: readonly string[]): boolean {
  return queryWords.every((word) => searchText.includes(queryNeedle(word)));
}

// Distance categories ---------------------------------------------------------------------------------

const KM_PER_MILE = 1.609344;
const TRIATHLON_WORDS = /\b(sprint|olympic|standard|iron|ironman|70\.3|140\.6|long course|aquathlon|aquabike|triathlon|tri)\b/;
const CYCLING_WORDS = /\b(time trial|century|gran fondo|granfondo|criterium|crit|ride|bike|cycling|gravel)\b/;
const TIMED_ULTRA = /\b(\d+\s*(hour|hr|h)|backyard|ultra)\b/;
/** Swims, relays and vertical races are not the running distances people filter by (nor train for alone). */
export const NOT_A_RUNNING_DISTANCE = /\b(swim|relay|vertical)\b/;

/** Kilometres of a distance label such as '5K', '10 km', '50 Miles', '13.1 mi', '1 Mile'; undefined if none. */
export function distanceKm(label: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s*(k|km|kilometers?|kilometres?|mi|miles?|miler)\b/.exec(normalize(label));
  if (!match) return undefined;
  const value = Number(match[1]);
  return (match[2] as string).startsWith('k') ? value : value * KM_PER_MILE;
}

const near = (km: number, target: number, tolerance: number) => Math.abs(km - target) <= tolerance;

/** The category of one distance label of an event of the given type (the type settles '62 Miles'). */
export function distanceCategoryOf(label: string, eventType?: EventType): DistanceCategory {
  const text = normalize(label);
  if (eventType === 'cycling' || CYCLING_WORDS.test(text)) return 'cycling';
  if (NOT_A_RUNNING_DISTANCE.test(text)) return 'other';
  if (TRIATHLON_WORDS.test(text) || eventType === 'triathlon' || eventType === 'duathlon') return 'triathlon';
  if (/\bhalf\b/.test(text) && /\bmarathon\b/.test(text)) return 'half';
  if (/\bmarathon\b/.test(text)) return 'marathon';
  if (TIMED_ULTRA.test(text)) return 'ultra';
  const km = distanceKm(text);
  if (km === undefined) return 'other';
  if (near(km, 5, 0.2)) return '5k';
  if (near(km, 10, 0.3)) return '10k';
  if (near(km, 21.1, 0.3)) return 'half';
  if (near(km, 42.2, 0.3)) return 'marathon';
  if (km > 42.5) return 'ultra';
  return 'other';
}

/** The distinct distance categories of an event, in the order of its distances (an ultra marathon's 'ultra' last if no label gave it). */
export function distanceCategories(distances: readonly string[], eventType?: EventType): DistanceCategory[] {
  const categories = new Set(distances.map((label) => distanceCategoryOf(label, eventType)));
  // An ultra marathon is an ultra whatever its labels say ('Last One Standing'), so the Ultra filter and the
  // query word 'ultra' find every one.
  if (eventType === 'ultra_marathon') categories.add('ultra');
  return [...categories];
}

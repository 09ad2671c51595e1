/**
 * The fixed query mix of the benchmark, described once and translated both into RaceFinder's search query
 * and into the baseline's SQL, so both sides answer the same question.
 */
import type { RaceEvent } from '#shared/schemas/event';
import type { SearchTag } from '#shared/event-vocabulary';
import type { EventSearchQuery } from '#shared/schemas/search';
import { documentFrequencies, wordsOf } from './stats.ts';

export interface QueryKind {
  readonly id: string;
  readonly label: string;
  /** Free-text words (each must match); empty for filter-only kinds. */
  readonly words: readonly string[];
  readonly state?: string;
  readonly from?: string;
  readonly to?: string;
  /** A search tag the events must have (GET /api/events?tag=). */
  readonly tag?: SearchTag;
  /** The result order (GET /api/events?sort=): by date when absent. */
  readonly sort?: 'price';
  /** Whether recall against the ilike baseline is measured (text queries). */
  readonly recall: boolean;
}

export const COMMON_WORD = 'marathon';
export const PREFIX = 'bost';
export const TWO_WORDS = ['trail', '50k'] as const;
export const STATE = 'CA';
export const NO_MATCH = 'zzzqx';
export const DATE_RANGE_DAYS = 30;

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface RareWord {
  readonly word: string;
  /** Verified events in the first data set with it in the title, city or location name. */
  readonly events: number;
}

/**
 * A word in only a handful of verified events, in the fields both engines search (title, city, location
 * name), never in a description (which only the baseline searches) and never inside a longer word (which
 * only '%word%' would match), so both should find exactly the same few events. Picked by counting words in
 * the generated data, deterministically: the least frequent qualifying word with at least 3 events, ties
 * broken alphabetically.
 */
export function pickRareWord(events: readonly RaceEvent[]): RareWord {
  const searched = (event: RaceEvent) => [event.title, event.city, event.locationName].join(' ');
  const counts = documentFrequencies(events.filter((event) => event.verified).map(searched));
  const inDescriptions = documentFrequencies(events.map((event) => event.description ?? ''));
  const tokens = events.flatMap((event) => wordsOf(`${searched(event)} ${event.description ?? ''}`));
  const candidates = [...counts]
    .filter(([word, count]) => count >= 3 && count <= 8 && /^[a-z]{5,}$/.test(word) && !inDescriptions.has(word))
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  for (const [word, count] of candidates) {
    if (tokens.every((token) => token === word || !token.includes(word))) return { word, events: count };
  }
  throw new Error('No rare word found in the generated events');
}

export function queryMix(today: string, rare: RareWord, rareCountedAt = 10_000): QueryKind[] {
  return [
    { id: 'none', label: 'no filter', words: [], recall: false },
    { id: 'state', label: `state only (${STATE})`, words: [], state: STATE, recall: false },
    {
      id: 'dates',
      label: `date range (next ${DATE_RANGE_DAYS} days)`,
      words: [],
      from: today,
      to: addDays(today, DATE_RANGE_DAYS),
      recall: false,
    },
    { id: 'common', label: `common word '${COMMON_WORD}'`, words: [COMMON_WORD], recall: true },
    { id: 'rare', label: `rare word '${rare.word}' (${rare.events} events at ${rareCountedAt / 1000}k)`, words: [rare.word], recall: true },
    { id: 'prefix', label: `prefix '${PREFIX}'`, words: [PREFIX], recall: true },
    { id: 'two', label: `two words '${TWO_WORDS.join(' ')}'`, words: [...TWO_WORDS], recall: true },
    { id: 'word-state', label: `word + state '${COMMON_WORD}' + ${STATE}`, words: [COMMON_WORD], state: STATE, recall: true },
    { id: 'nomatch', label: `no match '${NO_MATCH}'`, words: [NO_MATCH], recall: false },
  ];
}

/**
 * Queries of issue 7's word rules (shared/search-text.ts), measured beside the mix: a kind word that filters
 * on the type or terrain field with a state, a distance number, and an abbreviated word form. Not compared
 * for recall: ilike reads them as plain text ('13.1' is no half marathon to it).
 */
export function wordRuleKinds(): QueryKind[] {
  return [
    { id: 'kind-state', label: "kind word + state 'trail' + CO", words: ['trail'], state: 'CO', recall: false },
    { id: 'distance-number', label: "distance number '13.1'", words: ['13.1'], recall: false },
    { id: 'word-form', label: "word form 'st george'", words: ['st', 'george'], recall: false },
  ];
}

/**
 * The tag filter (issue 11, /charity-races): the charity tag's own postings drive it alone, and with a state
 * the smaller of the two partitions drives it and the other is a filter. Recall is not compared: the
 * baseline matches the same tag column exactly.
 */
export function tagKinds(): QueryKind[] {
  return [
    { id: 'tag', label: "tag 'charity'", words: [], tag: 'charity', recall: false },
    { id: 'tag-state', label: `tag 'charity' + ${STATE}`, words: [], tag: 'charity', state: STATE, recall: false },
  ];
}

/**
 * The price order (issue 24, sort=price): everyone's price partition alone, a state's own price partition, a
 * distance category's, and a common word, whose term partition is too large to read whole, so the price partition
 * drives with the word as a filter. Not compared for recall: the first page of a price order is another set of races than the date order's.
 */
export function priceKinds(): QueryKind[] {
  return [
    { id: 'price', label: 'price order, no filter', words: [], sort: 'price', recall: false },
    { id: 'price-state', label: `price order + state ${STATE}`, words: [], state: STATE, sort: 'price', recall: false },
    { id: 'price-text', label: `price order + word '${COMMON_WORD}'`, words: [COMMON_WORD], sort: 'price', recall: false },
    // '26.2' is the marathon category: its own price partition drives (IDX#PRICE#DIST#marathon).
    { id: 'price-distance', label: "price order + distance '26.2'", words: ['26.2'], sort: 'price', recall: false },
  ];
}

/** The kind as RaceFinder's GET /api/events query. */
export function toSearchQuery(kind: QueryKind): EventSearchQuery {
  return {
    ...(kind.words.length ? { q: kind.words.join(' ') } : {}),
    ...(kind.state ? { state: kind.state } : {}),
    ...(kind.from ? { from: kind.from } : {}),
    ...(kind.to ? { to: kind.to } : {}),
    ...(kind.tag ? { tag: kind.tag } : {}),
    ...(kind.sort ? { sort: kind.sort } : {}),
  } as EventSearchQuery;
}

/** The same kind as query-string parameters (for the Lambda handler's API Gateway event). */
export function toQueryString(kind: QueryKind): Record<string, string> {
  return Object.fromEntries(Object.entries(toSearchQuery(kind)).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
}

/**
 * The key that finds the same race listed by another source: "The 12th Annual Boston Harbor Half
 * Marathon" on RunSignup and "Boston Harbor Half Marathon 2026" pasted as JSON, on the same day in the same
 * city, are one race. The upsert looks an incoming event up by this key before creating it.
 *
 * The title is case- and accent-folded, punctuation goes, and so do words that change from year to year or
 * source to source without changing the race: articles, "annual", ordinals ("12th", "first"), years, and
 * "presented by ..." sponsor tails. Date and city (folded the same way) and state stay as they are.
 */
import type { ImportedEvent } from '#imports/imported-event';

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const NOISE_WORDS = new Set([
  'the', 'a', 'an', 'annual', 'anniversary', 'edition', 'inaugural', 'presents', 'race', 'run',
  'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'twentieth', 'thirtieth', 'fortieth', 'fiftieth',
]);
const ORDINAL = /^\d+(st|nd|rd|th)$/;
const YEAR = /^(19|20)\d{2}$/;

/** Folded words of a title without the words that do not identify the race. */
export function titleKey(title: string): string {
  const text = fold(title)
    .replace(/&/g, ' and ')
    .replace(/\b(presented|powered|sponsored|hosted)\s+by\b.*$/, ' ')
    .replace(/'/g, '');
  const words = text.split(/[^a-z0-9]+/).filter((word) => word && !NOISE_WORDS.has(word) && !ORDINAL.test(word) && !YEAR.test(word));
  return words.join(' ');
}

/** "boston harbor half marathon|2026-05-03|boston|MA": same race, same key, whichever source wrote it. */
export function normalizedMatchKey(event: Pick<ImportedEvent, 'title' | 'eventDate' | 'city' | 'state'>): string {
  const city = fold(event.city).replace(/\b(saint|st)\b\.?/g, 'st').replace(/\b(mount|mt)\b\.?/g, 'mt').replace(/\b(fort|ft)\b\.?/g, 'ft').split(/[^a-z0-9]+/).filter(Boolean).join(' ');
  return [titleKey(event.title), event.eventDate, city, event.state.toUpperCase()].join('|');
}

/**
 * How long a race distance label is ('5K', '50 Miles', 'Marathon', 'Olympic Triathlon'), for the cards'
 * headline distance: the longest race is the one an event is known by (a marathon with a half is a marathon).
 * Labels with a number and unit are read by search-text.ts's distanceKm; this adds the distances known by name.
 */
import { distanceKm, normalize } from './search-text.ts';

const KM_PER_MILE = 1.609344;

/**
 * Named distances, by the total length of the race (a triathlon's swim, bike and run together); the first
 * that matches wins, so 'half iron' and 'half marathon' come before 'iron' and 'marathon'.
 */
const NAMED_KM: readonly (readonly [RegExp, number])[] = [
  [/\b(70\.3|half iron)/, 113],
  [/\b(140\.6|ironman|iron distance|full iron)\b/, 226],
  [/\b(olympic|standard) (triathlon|tri)\b/, 51.5],
  [/\bsprint (triathlon|tri)\b/, 25.75],
  [/\bcentury\b/, 100 * KM_PER_MILE],
  // 'Half' and 'Full' alone are how race pages often list a half and a full marathon.
  [/\bhalf\b/, 21.0975],
  [/\b(full|marathon)\b/, 42.195],
];

/** The length of a race distance label in kilometres, from its number or its name; undefined when it says neither. */
export function raceLengthKm(label: string): number | undefined {
  const text = normalize(label);
  // A number with a unit says the length exactly ('Marathon 50K' is an ultra); a name only when there is none.
  return distanceKm(text) ?? NAMED_KM.find(([pattern]) => pattern.test(text))?.[1];
}

/** An event's distance labels, longest first; labels of no known length keep their order after the others. */
export function longestFirst(distances: readonly string[]): string[] {
  return distances
    .map((label, index) => ({ label, index, km: raceLengthKm(label) ?? -1 }))
    .sort((a, b) => b.km - a.km || a.index - b.index)
    .map(({ label }) => label);
}

/**
 * The activity type a word in a file names: a GPX track's <type> and a TCX activity's Sport attribute are free
 * text ('running', 'Biking', 'trail_running', 'Road Cycling'), and Strava writes a number in GPX exports.
 */
import type { ActivityType } from '#shared/schemas/training-log';

/**
 * Strava's numbers in a GPX <type>, not published by Strava; only those agreed on by the projects that read Strava
 * exports (1 ride, 9 run, 16 swim). The others (4 hike, 10 walk, ...) are 'other', as unknown numbers are.
 */
const STRAVA_TYPE_NUMBERS: Readonly<Record<string, ActivityType>> = { '1': 'cycling', '9': 'running', '16': 'swimming' };

/** Word stems, tried in order on the lowercased text without spaces, dashes or underscores. */
const STEMS: readonly (readonly [RegExp, ActivityType])[] = [
  [/yoga|pilates/, 'yoga'],
  [/strength|weight|crossfit/, 'strength'],
  [/swim/, 'swimming'],
  // Cycling before running: 'mountainbikerun' is no sport, but 'virtualride' and 'ebikeride' are rides.
  [/cycl|biking|^bike|ride$|^ride/, 'cycling'],
  [/run|jog/, 'running'],
];

export function activityTypeFromWord(word: string | undefined): ActivityType {
  if (word === undefined) return 'other';
  const text = word.trim().toLowerCase();
  const numbered = STRAVA_TYPE_NUMBERS[text];
  if (numbered) return numbered;
  const compact = text.replace(/[\s_-]+/g, '');
  return STEMS.find(([stem]) => stem.test(compact))?.[1] ?? 'other';
}

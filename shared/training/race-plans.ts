/**
 * What a plan for a listed race can be made for (issue 25, "Train for this race"): a race still ahead, and one of
 * its distances the generator plans. The generator plans running races of five lengths (RACE_DISTANCES); a race
 * lists its distances as free text ('Half Marathon', '13.1 Miles', '50K', 'Sprint Triathlon'). A label is read as
 * search reads it (search-text.ts's distance categories), so the race page, the server's check and the search
 * filters agree on what '10 Km' is. Pure: the event page, the plan form and lambdas/data/race-plan.ts all use it.
 */
import { raceLengthKm } from '../race-distance.ts';
import { distanceCategoryOf, normalize, NOT_A_RUNNING_DISTANCE } from '../search-text.ts';
import type { EventType } from '../event-vocabulary.ts';
import type { RaceDistance } from '../schemas/training-plan.ts';

/**
 * Lengths search has no category of their own for, by name or number: 'Half' and 'Full' alone (as race pages
 * often list them) and a 50K, which search files under ultras; within half a kilometre, as courses are measured
 * ('31 Miles' is 49.9 km).
 */
const NAMED_LENGTHS: readonly (readonly [RaceDistance, number])[] = [
  ['half', 21.1],
  ['marathon', 42.2],
  ['50k', 50],
];
const LENGTH_TOLERANCE_KM = 0.5;

/** The plan distance of one of a race's distance labels, or undefined when the generator has no plan for it. */
export function planDistanceOf(label: string, eventType?: EventType): RaceDistance | undefined {
  const category = distanceCategoryOf(label, eventType);
  if (category === '5k' || category === '10k' || category === 'half' || category === 'marathon') return category;
  // Triathlons, rides, swims and relays are not running races a plan could prepare for.
  if ((category !== 'ultra' && category !== 'other') || NOT_A_RUNNING_DISTANCE.test(normalize(label))) return undefined;
  const km = raceLengthKm(label);
  if (km === undefined) return undefined;
  return NAMED_LENGTHS.find(([, length]) => Math.abs(km - length) <= LENGTH_TOLERANCE_KM)?.[0];
}

export interface RaceDistanceChoice {
  /** The distance as the race lists it: what the athlete picks and the plan names. */
  readonly label: string;
  /** What the plan is made for; absent when no plan can be. */
  readonly planDistance?: RaceDistance;
}

/** Each distinct label the race lists, in its order, with what a plan for it would be. */
export function raceDistanceChoices(event: { readonly distances: readonly string[]; readonly eventType?: EventType }): RaceDistanceChoice[] {
  const labels = [...new Set(event.distances.map((label) => label.trim()).filter((label) => label !== ''))];
  return labels.map((label) => {
    const planDistance = planDistanceOf(label, event.eventType);
    return planDistance ? { label, planDistance } : { label };
  });
}

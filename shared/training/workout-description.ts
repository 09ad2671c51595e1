/**
 * A plan workout's words, in the athlete's unit: warm-up, main work and cool-down, with distances and paces in
 * miles or kilometres as the athlete chose. Plans store distances and paces as numbers (km, min/km), so every
 * reader (the training pages, the plan's calendar feed, the coach, a completed workout's log) says them here,
 * in the unit of whoever reads. A plan stored before it kept its paces rebuilds them from its easy pace, so its
 * words come out as they were written, converted.
 */
import type { GeneratedPlan, PlanPaces, PlanWorkout, RaceDistance, WorkoutType } from '../schemas/training-plan.ts';
import { formatDistance, formatPace, type DistanceUnit } from '../units.ts';
import { pacesFromEasy } from './paces.ts';
import { RACE_LABELS, RACE_WEEK_DAYS } from './plan-rules.ts';
import { addDays } from '../dates.ts';

export interface WorkoutContext {
  readonly raceDistance: RaceDistance;
  readonly raceDate: string;
  readonly paces: PlanPaces;
}

/** The plan's paces: stored ones, or those an older plan's easy pace implies. */
export function planPaces(plan: Pick<GeneratedPlan, 'raceDistance' | 'assumptions'>): PlanPaces {
  return plan.assumptions.paces ?? pacesFromEasy(plan.assumptions.easyPaceMinPerKm, plan.raceDistance);
}

/** One workout of a plan, in `unit`. */
export function planWorkoutDescription(plan: Pick<GeneratedPlan, 'raceDistance' | 'raceDate' | 'assumptions'>, workout: Pick<PlanWorkout, 'type' | 'distanceKm' | 'date'>, unit: DistanceUnit): string {
  return describeWorkout({ raceDistance: plan.raceDistance, raceDate: plan.raceDate, paces: planPaces(plan) }, workout, unit);
}

type RunType = Exclude<WorkoutType, 'strength' | 'cross_training'>;

export function describeWorkout(context: WorkoutContext, workout: Pick<PlanWorkout, 'type' | 'distanceKm' | 'date'>, unit: DistanceUnit): string {
  const { paces } = context;
  const distance = formatDistance(unit, workout.distanceKm);
  const pace = (minPerKm: number) => formatPace(unit, minPerKm);
  switch (workout.type as RunType) {
    case 'easy_run':
      // Race week keeps the legs quick without tiring them: a few strides after each easy run.
      return isInRaceWeek(context, workout.date)
        ? `Warm-up: 5 min very easy. Main: ${distance} in all at a relaxed, conversational pace (about ${pace(paces.easy)}), then 4-6 × 20 s strides, quick but relaxed, walking back between them. Cool-down: 5 min walk.`
        : `Warm-up: 5 min very easy. Main: ${distance} in all at a relaxed, conversational pace (about ${pace(paces.easy)}). Cool-down: 5 min walk.`;
    case 'recovery':
      return `Warm-up: 5 min brisk walk. Main: ${distance} very easy, slower than your easy pace (about ${pace(paces.recovery)}). Cool-down: 5 min walk and stretch.`;
    case 'long_run':
      return (
        `Warm-up: first 10 min slower than easy pace. Main: ${distance} in all, steady at easy effort (about ${pace(paces.easy)}); ` +
        'drink and fuel on runs over 90 minutes. Cool-down: 5 min walk and stretch.'
      );
    case 'race':
      return (
        `Warm-up: 10 min easy jog with a few relaxed strides. Main: race the ${RACE_LABELS[context.raceDistance]} (${distance}) ` +
        `at about ${pace(paces.race)}, starting no faster than you can hold. Cool-down: 10 min easy walk.`
      );
    case 'tempo':
    case 'interval':
    case 'hill_training':
      return describeQuality(paces, workout.type as 'tempo' | 'interval' | 'hill_training', workout.distanceKm, unit);
    default:
      return `${distance}.`;
  }
}

function isInRaceWeek({ raceDate }: WorkoutContext, date: string): boolean {
  return date < raceDate && date >= addDays(raceDate, 1 - RACE_WEEK_DAYS);
}

/** Quality sessions: warm-up and cool-down at easy pace, the main set in the rest of the distance. */
function describeQuality(paces: PlanPaces, type: 'tempo' | 'interval' | 'hill_training', km: number, unit: DistanceUnit): string {
  const easyMinutes = km >= 12 ? 15 : km >= 6 ? 10 : 5;
  const mainKm = Math.max(1, km - (2 * easyMinutes) / paces.easy);
  return `Warm-up: ${easyMinutes} min easy jog. Main: ${mainSet(paces, type, mainKm, unit)} Cool-down: ${easyMinutes} min easy.`;
}

/** Repeats stay in metres, as track and watch intervals are counted, whatever the athlete's unit. */
function mainSet(paces: PlanPaces, type: 'tempo' | 'interval' | 'hill_training', mainKm: number, unit: DistanceUnit): string {
  if (type === 'tempo') return `${formatDistance(unit, mainKm)} at tempo effort, comfortably hard (about ${formatPace(unit, paces.tempo)}).`;
  if (type === 'hill_training') {
    const climbs = Math.min(12, Math.max(4, Math.round(mainKm / 0.5)));
    return `${climbs} × 60 s uphill at hard effort, jogging back down to recover.`;
  }
  const repMetres = mainKm < 3 ? 400 : mainKm < 6 ? 800 : 1000;
  const reps = Math.max(2, Math.floor((mainKm * 1000) / (repMetres * 1.5)));
  return `${reps} × ${repMetres} m at about ${formatPace(unit, paces.interval)} with ${repMetres / 2} m jog recoveries.`;
}

/**
 * A plan workout's words, in the athlete's unit: warm-up, main work and cool-down, with distances and paces in
 * miles or kilometres as the athlete chose. Plans store distances and paces as numbers (km, min/km), so every
 * reader (the training pages, the plan's calendar feed, the coach, a completed workout's log) says them here,
 * in the unit of whoever reads. A plan stored before it kept its paces rebuilds them from its easy pace, so its
 * words come out as they were written, converted. The numbers (minutes, repeats, metres) are the workout's steps'
 * (workout-steps.ts), which a watch's file counts too.
 */
import type { GeneratedPlan, PlanPaces, PlanWorkout, WorkoutType } from '../schemas/training-plan.ts';
import { formatDistance, formatPace, type DistanceUnit } from '../units.ts';
import { pacesFromEasy } from './paces.ts';
import { RACE_LABELS } from './plan-rules.ts';
import {
  HILL_CLIMB_SECONDS,
  RACE_WEEK_STRIDES,
  STEADY_RUN_MINUTES,
  hillClimbs,
  intervalSet,
  isInRaceWeek,
  qualityEasyMinutes,
  qualityMainKm,
  type WorkoutContext,
} from './workout-steps.ts';

export type { WorkoutContext } from './workout-steps.ts';

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
    case 'easy_run': {
      const { warmUp, coolDown } = STEADY_RUN_MINUTES.easy_run;
      // Race week keeps the legs quick without tiring them: a few strides after each easy run.
      const strides = isInRaceWeek(context, workout.date)
        ? `, then ${RACE_WEEK_STRIDES.fewest}-${RACE_WEEK_STRIDES.most} × ${RACE_WEEK_STRIDES.seconds} s strides, quick but relaxed, walking back between them`
        : '';
      return `Warm-up: ${warmUp} min very easy. Main: ${distance} in all at a relaxed, conversational pace (about ${pace(paces.easy)})${strides}. Cool-down: ${coolDown} min walk.`;
    }
    case 'recovery': {
      const { warmUp, coolDown } = STEADY_RUN_MINUTES.recovery;
      return `Warm-up: ${warmUp} min brisk walk. Main: ${distance} very easy, slower than your easy pace (about ${pace(paces.recovery)}). Cool-down: ${coolDown} min walk and stretch.`;
    }
    case 'long_run': {
      const { warmUp, coolDown } = STEADY_RUN_MINUTES.long_run;
      return (
        `Warm-up: first ${warmUp} min slower than easy pace. Main: ${distance} in all, steady at easy effort (about ${pace(paces.easy)}); ` +
        `drink and fuel on runs over 90 minutes. Cool-down: ${coolDown} min walk and stretch.`
      );
    }
    case 'race': {
      const { warmUp, coolDown } = STEADY_RUN_MINUTES.race;
      return (
        `Warm-up: ${warmUp} min easy jog with a few relaxed strides. Main: race the ${RACE_LABELS[context.raceDistance]} (${distance}) ` +
        `at about ${pace(paces.race)}, starting no faster than you can hold. Cool-down: ${coolDown} min easy walk.`
      );
    }
    case 'tempo':
    case 'interval':
    case 'hill_training':
      return describeQuality(paces, workout.type as 'tempo' | 'interval' | 'hill_training', workout.distanceKm, unit);
    default:
      return `${distance}.`;
  }
}

/** Quality sessions: warm-up and cool-down at easy pace, the main set in the rest of the distance. */
function describeQuality(paces: PlanPaces, type: 'tempo' | 'interval' | 'hill_training', km: number, unit: DistanceUnit): string {
  const easyMinutes = qualityEasyMinutes(km);
  return `Warm-up: ${easyMinutes} min easy jog. Main: ${mainSet(paces, type, qualityMainKm(paces, km), unit)} Cool-down: ${easyMinutes} min easy.`;
}

/** Repeats stay in metres, as track and watch intervals are counted, whatever the athlete's unit. */
function mainSet(paces: PlanPaces, type: 'tempo' | 'interval' | 'hill_training', mainKm: number, unit: DistanceUnit): string {
  if (type === 'tempo') return `${formatDistance(unit, mainKm)} at tempo effort, comfortably hard (about ${formatPace(unit, paces.tempo)}).`;
  if (type === 'hill_training') return `${hillClimbs(mainKm)} × ${HILL_CLIMB_SECONDS} s uphill at hard effort, jogging back down to recover.`;
  const { reps, repMetres, recoveryMetres } = intervalSet(mainKm);
  return `${reps} × ${repMetres} m at about ${formatPace(unit, paces.interval)} with ${recoveryMetres} m jog recoveries.`;
}

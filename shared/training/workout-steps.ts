/**
 * A plan workout as the steps an athlete runs: warm-up, the main work (repeats where the session has intervals,
 * strides or hill climbs) and cool-down, each with its length (a time, a distance, or until the athlete moves on)
 * and, for the main work, the plan's pace it is run at. The words of a workout (workout-description.ts) and its
 * file for a watch (lambdas/training-plans/fit-workout.ts) both take their numbers from here, so what the athlete
 * reads and what the watch counts cannot disagree.
 *
 * Distances are metres and times seconds; paces stay the plan's names (easy, tempo...) until a reader looks them up.
 */
import { addDays } from '../dates.ts';
import type { PlanPaces, PlanWorkout, RaceDistance, WorkoutType } from '../schemas/training-plan.ts';
import { RACE_WEEK_DAYS } from './plan-rules.ts';

export interface WorkoutContext {
  readonly raceDistance: RaceDistance;
  readonly raceDate: string;
  readonly paces: PlanPaces;
}

/** The paces of a plan a step can be run at. */
export type PaceName = 'easy' | 'recovery' | 'tempo' | 'interval' | 'race';

export type StepLength =
  | { readonly kind: 'time'; readonly seconds: number }
  | { readonly kind: 'distance'; readonly metres: number }
  /** Until the athlete moves on (a watch's lap button): walking back after a stride, jogging down a hill. */
  | { readonly kind: 'open' };

export interface WorkoutStep {
  readonly kind: 'warmup' | 'work' | 'recover' | 'cooldown';
  /** A watch's step name: short. */
  readonly name: string;
  readonly length: StepLength;
  /** The pace the step is run at; warm-ups, walks, recoveries and hill climbs go by feel. */
  readonly pace?: PaceName;
  /** How it should feel, in the description's words. */
  readonly note?: string;
}

export interface RepeatedSteps {
  readonly kind: 'repeat';
  readonly times: number;
  readonly steps: readonly WorkoutStep[];
}

export type SessionPart = WorkoutStep | RepeatedSteps;

/** Minutes of warm-up and cool-down of the steady runs: a race warms up and walks off longer; a long run starts slower for longer. */
export const STEADY_RUN_MINUTES: Readonly<Record<'easy_run' | 'recovery' | 'long_run' | 'race', { readonly warmUp: number; readonly coolDown: number }>> = {
  easy_run: { warmUp: 5, coolDown: 5 },
  recovery: { warmUp: 5, coolDown: 5 },
  long_run: { warmUp: 10, coolDown: 5 },
  race: { warmUp: 10, coolDown: 10 },
};

/** Race week's strides after each easy run: 4 to 6 of 20 s, quick but relaxed; a watch counts the 4 and the athlete may add 2. */
export const RACE_WEEK_STRIDES = { fewest: 4, most: 6, seconds: 20 } as const;

/** Each hill climb: a minute uphill at hard effort, jogging back down. */
export const HILL_CLIMB_SECONDS = 60;

/** Nothing shorter is worth a step of its own on a watch. */
const MIN_MAIN_METRES = 500;

/**
 * How far either side of a pace a watch's target reaches, in seconds per km: wide for easy and recovery running,
 * which go by feel and terrain, narrower for the paces a session is about, so the watch speaks up when it matters.
 */
export const PACE_TARGET_SECONDS_PER_KM: Readonly<Record<PaceName, number>> = { easy: 20, recovery: 20, tempo: 10, interval: 10, race: 10 };

/** A pace's target range in minutes per km: the slowest and the fastest the watch accepts. */
export function paceTarget(paces: PlanPaces, name: PaceName): { readonly slowest: number; readonly fastest: number } {
  const band = PACE_TARGET_SECONDS_PER_KM[name] / 60;
  return { slowest: paces[name] + band, fastest: paces[name] - band };
}

export function isInRaceWeek({ raceDate }: Pick<WorkoutContext, 'raceDate'>, date: string): boolean {
  return date < raceDate && date >= addDays(raceDate, 1 - RACE_WEEK_DAYS);
}

/** Quality sessions warm up and cool down at easy pace, longer for longer sessions. */
export function qualityEasyMinutes(km: number): number {
  return km >= 12 ? 15 : km >= 6 ? 10 : 5;
}

/** The main set of a quality session: the distance left once the warm-up and cool-down are run at easy pace. */
export function qualityMainKm(paces: PlanPaces, km: number): number {
  return Math.max(1, km - (2 * qualityEasyMinutes(km)) / paces.easy);
}

/** Intervals in metres, as track and watch intervals are counted: longer repeats for a longer set, recoveries half as long. */
export function intervalSet(mainKm: number): { readonly reps: number; readonly repMetres: number; readonly recoveryMetres: number } {
  const repMetres = mainKm < 3 ? 400 : mainKm < 6 ? 800 : 1000;
  return { reps: Math.max(2, Math.floor((mainKm * 1000) / (repMetres * 1.5))), repMetres, recoveryMetres: repMetres / 2 };
}

/** One climb for each half km of the main set, 4 to 12. */
export function hillClimbs(mainKm: number): number {
  return Math.min(12, Math.max(4, Math.round(mainKm / 0.5)));
}

const metres = (km: number) => Math.round(km * 100) * 10;
const minutesLong = (minutes: number): StepLength => ({ kind: 'time', seconds: minutes * 60 });

/**
 * The main step of a run whose distance is "in all": what is left once the warm-up, jogged at about easy pace, has
 * covered its part, so the watch's total comes to the plan's distance.
 */
function inAllMetres(km: number, warmUpMinutes: number, paces: PlanPaces): number {
  return Math.max(MIN_MAIN_METRES, metres(km - warmUpMinutes / paces.easy));
}

/** The steps of one plan workout, in order. */
export function workoutSteps(context: WorkoutContext, workout: Pick<PlanWorkout, 'type' | 'distanceKm' | 'durationMinutes' | 'date'>): SessionPart[] {
  const { paces } = context;
  const km = workout.distanceKm;
  switch (workout.type as Exclude<WorkoutType, 'strength' | 'cross_training'>) {
    case 'easy_run': {
      const { warmUp, coolDown } = STEADY_RUN_MINUTES.easy_run;
      const strides: SessionPart[] = isInRaceWeek(context, workout.date)
        ? [
            {
              kind: 'repeat',
              times: RACE_WEEK_STRIDES.fewest,
              steps: [
                { kind: 'work', name: 'Stride', length: { kind: 'time', seconds: RACE_WEEK_STRIDES.seconds }, note: `Quick but relaxed; up to ${RACE_WEEK_STRIDES.most} if you feel good` },
                { kind: 'recover', name: 'Walk back', length: { kind: 'open' }, note: 'Walk back, then lap' },
              ],
            },
          ]
        : [];
      return [
        { kind: 'warmup', name: 'Warm-up', length: minutesLong(warmUp), note: 'Very easy' },
        { kind: 'work', name: 'Easy', length: { kind: 'distance', metres: inAllMetres(km, warmUp, paces) }, pace: 'easy', note: 'Relaxed, conversational' },
        ...strides,
        { kind: 'cooldown', name: 'Cool-down', length: minutesLong(coolDown), note: 'Walk' },
      ];
    }
    case 'recovery': {
      const { warmUp, coolDown } = STEADY_RUN_MINUTES.recovery;
      // The warm-up is a walk, so the run itself is the whole distance.
      return [
        { kind: 'warmup', name: 'Warm-up', length: minutesLong(warmUp), note: 'Brisk walk' },
        { kind: 'work', name: 'Recovery', length: { kind: 'distance', metres: metres(km) }, pace: 'recovery', note: 'Very easy, slower than easy pace' },
        { kind: 'cooldown', name: 'Cool-down', length: minutesLong(coolDown), note: 'Walk and stretch' },
      ];
    }
    case 'long_run': {
      const { warmUp, coolDown } = STEADY_RUN_MINUTES.long_run;
      return [
        { kind: 'warmup', name: 'Warm-up', length: minutesLong(warmUp), note: 'Slower than easy pace' },
        { kind: 'work', name: 'Long run', length: { kind: 'distance', metres: inAllMetres(km, warmUp, paces) }, pace: 'easy', note: 'Steady, easy effort; drink and fuel over 90 min' },
        { kind: 'cooldown', name: 'Cool-down', length: minutesLong(coolDown), note: 'Walk and stretch' },
      ];
    }
    case 'race': {
      const { warmUp, coolDown } = STEADY_RUN_MINUTES.race;
      return [
        { kind: 'warmup', name: 'Warm-up', length: minutesLong(warmUp), note: 'Easy jog, a few relaxed strides' },
        { kind: 'work', name: 'Race', length: { kind: 'distance', metres: metres(km) }, pace: 'race', note: 'Start no faster than you can hold' },
        { kind: 'cooldown', name: 'Cool-down', length: minutesLong(coolDown), note: 'Easy walk' },
      ];
    }
    case 'tempo':
    case 'interval':
    case 'hill_training': {
      const easy = qualityEasyMinutes(km);
      return [
        { kind: 'warmup', name: 'Warm-up', length: minutesLong(easy), note: 'Easy jog' },
        ...qualityMain(workout.type as 'tempo' | 'interval' | 'hill_training', qualityMainKm(paces, km)),
        { kind: 'cooldown', name: 'Cool-down', length: minutesLong(easy), note: 'Easy' },
      ];
    }
    default:
      // Strength and cross-training: their time, at the athlete's own effort.
      return [
        {
          kind: 'work',
          name: workout.type === 'strength' ? 'Strength' : 'Cross-training',
          length: workout.durationMinutes > 0 ? minutesLong(workout.durationMinutes) : { kind: 'open' },
        },
      ];
  }
}

function qualityMain(type: 'tempo' | 'interval' | 'hill_training', mainKm: number): SessionPart[] {
  if (type === 'tempo') return [{ kind: 'work', name: 'Tempo', length: { kind: 'distance', metres: metres(mainKm) }, pace: 'tempo', note: 'Comfortably hard' }];
  if (type === 'hill_training') {
    return [
      {
        kind: 'repeat',
        times: hillClimbs(mainKm),
        steps: [
          { kind: 'work', name: 'Uphill', length: { kind: 'time', seconds: HILL_CLIMB_SECONDS }, note: 'Hard effort uphill' },
          { kind: 'recover', name: 'Jog down', length: { kind: 'open' }, note: 'Jog back down, then lap' },
        ],
      },
    ];
  }
  const { reps, repMetres, recoveryMetres } = intervalSet(mainKm);
  return [
    {
      kind: 'repeat',
      times: reps,
      steps: [
        { kind: 'work', name: `${repMetres} m`, length: { kind: 'distance', metres: repMetres }, pace: 'interval' },
        { kind: 'recover', name: 'Jog', length: { kind: 'distance', metres: recoveryMetres }, note: 'Easy jog' },
      ],
    },
  ];
}

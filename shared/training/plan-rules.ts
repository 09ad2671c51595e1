/**
 * The numbers behind the training plan rules. plan-generator.ts builds plans inside them and plan-check.ts
 * re-checks any plan against them; each says why it is what it is.
 */
import type { PlanLevel, PlanPhase, RaceDistance, WorkoutType } from '../schemas/training-plan.ts';

/** The race workout covers the official distance; its duration and the refusal sentences use it. */
export const RACE_KM: Readonly<Record<RaceDistance, number>> = { '5k': 5, '10k': 10, half: 21.1, marathon: 42.2, '50k': 50 };

/** How refusals and workout descriptions name each race ("A half marathon needs ..."). */
export const RACE_LABELS: Readonly<Record<RaceDistance, string>> = { '5k': '5K', '10k': '10K', half: 'half marathon', marathon: 'marathon', '50k': '50K' };

/** The long run a plan must reach before the taper (rule 5): the least endurance that gets an athlete to the finish in good shape. */
export const LONG_RUN_NEED_KM: Readonly<Record<RaceDistance, number>> = { '5k': 6, '10k': 10, half: 16, marathon: 29, '50k': 32 };

/** The long run a plan aims for: the need, more for fitter runners (marathon 29 to 35 km), and 32 km at most for ultras so it fits 3 hours at every default pace. */
export const LONG_RUN_GOAL_KM: Readonly<Record<RaceDistance, Readonly<Record<PlanLevel, number>>>> = {
  '5k': { beginner: 6, intermediate: 10, advanced: 14 },
  '10k': { beginner: 10, intermediate: 14, advanced: 18 },
  half: { beginner: 16, intermediate: 19, advanced: 22 },
  marathon: { beginner: 29, intermediate: 32, advanced: 35 },
  '50k': { beginner: 32, intermediate: 32, advanced: 32 },
};

/** A sensible peak week by level: enough to race the distance well without volume a level cannot absorb. */
export const LEVEL_PEAK_WEEKLY_KM: Readonly<Record<RaceDistance, Readonly<Record<PlanLevel, number>>>> = {
  '5k': { beginner: 25, intermediate: 40, advanced: 55 },
  '10k': { beginner: 30, intermediate: 50, advanced: 65 },
  half: { beginner: 35, intermediate: 55, advanced: 75 },
  marathon: { beginner: 50, intermediate: 70, advanced: 90 },
  '50k': { beginner: 55, intermediate: 80, advanced: 100 },
};

/**
 * Longer races leave more fatigue to shed before race day, so they taper longer (race week included). Race week
 * counts as one week even when it spans two calendar weeks; both are then taper weeks. A 5K or 10K may taper in
 * race week alone (rule 6 accepts the plans made so, and the coach's edits of them), but the generator gives every
 * plan at least GENERATED_MIN_TAPER_WEEKS.
 */
export const TAPER_WEEKS: Readonly<Record<RaceDistance, readonly number[]>> = { '5k': [1, 2], '10k': [1, 2], half: [2], marathon: [2, 3], '50k': [2, 3] };

/**
 * A one-week taper leaves the peak long run 7 days before the race; a step-down week before race week puts the last
 * long run 7-14 days out at 60-80% of the peak, which keeps fitness and freshens the legs at every distance.
 */
export const GENERATED_MIN_TAPER_WEEKS = 2;

/** A 3-week taper only pays off after a long build; shorter plans keep the extra week for building. */
export const LONG_TAPER_MIN_PLAN_WEEKS = 16;

/** The taper length the generator gives a plan of this many whole weeks up to race day: the longest allowed once the plan is long enough for it. */
export function taperWeeks(distance: RaceDistance, planWeeks: number): number {
  const allowed = TAPER_WEEKS[distance];
  return planWeeks >= LONG_TAPER_MIN_PLAN_WEEKS ? Math.max(...allowed) : Math.max(Math.min(...allowed), GENERATED_MIN_TAPER_WEEKS);
}

/** With fewer running days each run carries more of the week, so the long run may take a larger share (rule 4). */
export function longRunSharePercent(daysPerWeek: number): number {
  return daysPerWeek >= 5 ? 35 : 50;
}

/** Past 3 hours on their feet runners gain little endurance and much injury risk and recovery time (rule 4). */
export const MAX_RUN_MINUTES = 180;

/** A run may be at most 110% of the longest in the 30 days before it (rule 1): tissues adapt to distance slowly. */
export const RUN_GROWTH_PERCENT = 110;
export const RUN_GROWTH_WINDOW_DAYS = 30;

/** Weekly volume may rise 10% a week (rule 2); 2 km lets very small weeks grow at all. */
export const WEEKLY_GROWTH_PERCENT = 10;
export const WEEKLY_GROWTH_MIN_KM = 2;

/** A recovery week must really drop, to at most 85% of the week before (rule 3), for the body to absorb the build. */
export const RECOVERY_WEEK_MAX_PERCENT = 85;
/** The generator's recovery weeks aim lower than the limit, at about 80%, the usual step down. */
export const RECOVERY_WEEK_PERCENT = 80;
/** Fatigue accumulates: at most 3 weeks in a row without a recovery week before the taper (rule 3). */
export const MAX_WEEKS_WITHOUT_RECOVERY = 3;

/**
 * Race week is race day and the 6 days before it, whatever the weekday (rule 6): a calendar week would leave a
 * Monday race no days before it. It starts in the calendar week before the race's unless the race is on a Sunday.
 */
export const RACE_WEEK_DAYS = 7;

/**
 * Race week's running besides the race is 40-60% of the peak week's (rule 6): fresh legs without losing fitness.
 * The generator aims at the low end, so race week's easy runs are short (with strides) and shorter than the week
 * before's.
 */
export const RACE_WEEK_PERCENT = { min: 40, max: 60, target: 40 } as const;
/**
 * The taper weeks before race week step down from the peak: the week to 80%, then to 70%, while the long run
 * drops further, to 75% then 65% of the peak long run. A taper keeps fitness by cutting the long run and the
 * volume moderately; cutting every run to a stub in the weeks before race week loses it. The last long run
 * falls 7 to 14 days before the race at 60-80% of the peak long run. When race week starts in the calendar week
 * before the race's, that week's days before race week continue the step down.
 */
export const TAPER_WEEK_PERCENTS: readonly number[] = [80, 70];
export const TAPER_LONG_RUN_PERCENTS: readonly number[] = [75, 65];
/** A lead-in week past the taper's steps (a 3-week taper's) holds the last long run at 60%, the least that keeps it. */
export const LAST_LONG_RUN_MIN_PERCENT = 60;

/** Easy paces in min/km by level when neither a race result nor the log gives one, chosen so a 32 km long run fits 3 hours at every level. */
export const DEFAULT_EASY_PACE: Readonly<Record<PlanLevel, number>> = { beginner: 5.55, intermediate: 5.2, advanced: 4.7 };

/** Paces outside this range (min/km) are data errors, and tempo pace (easy - 0.8) must stay positive. */
export const EASY_PACE_RANGE = { min: 3, max: 12 } as const;

/** Where a plan starts when the athlete gives no history: typical current training for each level. */
export const DEFAULT_HISTORY: Readonly<Record<PlanLevel, { weeklyKm: number; longestRunKm: number }>> = {
  beginner: { weeklyKm: 15, longestRunKm: 6 },
  intermediate: { weeklyKm: 30, longestRunKm: 12 },
  advanced: { weeklyKm: 50, longestRunKm: 18 },
};

/** Sessions that load the body enough to need an easy day after them (rule 7: never two back to back). */
export const HARD_WORKOUT_TYPES: ReadonlySet<WorkoutType> = new Set<WorkoutType>(['interval', 'tempo', 'hill_training', 'long_run', 'race']);

/** Workouts that are not running: they count toward no weekly km and no running day. */
export const NON_RUNNING_TYPES: ReadonlySet<WorkoutType> = new Set<WorkoutType>(['strength', 'cross_training']);

/** Shorter runs cost more in changing and warming up than they give; the plan drops the day instead. */
export const MIN_RUN_KM = 3;

/**
 * Paces without a race result or a logged effort to measure (a level's default easy pace, or a plan stored
 * before paces were kept) come from the easy pace by these offsets; otherwise Daniels' VDOT sets them (paces.ts).
 * Minutes per km added to easy pace by workout: tempo is run faster, an interval session averages a little faster, recovery slower, hills at easy pace overall (hard up, jog down). */
export const PACE_OFFSET_MIN_PER_KM: Readonly<Record<Exclude<WorkoutType, 'race' | 'strength' | 'cross_training'>, number>> = {
  easy_run: 0,
  long_run: 0,
  recovery: 0.4,
  tempo: -0.8,
  interval: -0.5,
  hill_training: 0,
};

/** Race pace against easy pace, the same way (paces.ts): the shorter the race, the faster it is run. */
export const RACE_PACE_OFFSET_MIN_PER_KM: Readonly<Record<RaceDistance, number>> = { '5k': -1.2, '10k': -1, half: -0.8, marathon: -0.5, '50k': -0.2 };

/** Quality sessions (tempo, intervals, hills) a week by level and phase: beginners build an aerobic base first and never take more than one. */
export const QUALITY_SESSIONS: Readonly<Record<PlanLevel, Readonly<Record<PlanPhase, number>>>> = {
  beginner: { base: 0, build: 1, peak: 1, recovery: 0, taper: 1 },
  intermediate: { base: 1, build: 2, peak: 2, recovery: 1, taper: 1 },
  advanced: { base: 1, build: 2, peak: 2, recovery: 1, taper: 1 },
};

/** The race is in the plan's third calendar week at the earliest: the plan needs two full weeks before the race's week. */
export const MIN_DAYS_TO_RACE = 14;

/** Beyond two years a plan is guesswork, and the cap bounds the work one request can cause. */
export const MAX_PLAN_WEEKS = 104;

/** How far past the requested race date a refusal looks for the first date that works. */
export const EARLIEST_DATE_SEARCH_WEEKS = 52;

/**
 * Training plans: the athlete's request (the API body) and the plan the generator returns
 * (shared/training/plan-generator.ts), which shared/training/plan-check.ts re-checks against the rules.
 */
import * as z from 'zod';
import { isoWeekday } from '../dates.ts';
import { optionalText, UlidSchema } from './common.ts';

export const RACE_DISTANCES = ['5k', '10k', 'half', 'marathon', '50k'] as const;
export type RaceDistance = (typeof RACE_DISTANCES)[number];

export const PLAN_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];

/** The plan lengths the form offers; a race date gives any length from 3 weeks. */
export const PLAN_WEEKS = [8, 12, 16, 20] as const;

/** In the order of a training week, which starts on Monday. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The AI coach's workout types, and the race itself. */
export const WORKOUT_TYPES = ['easy_run', 'interval', 'tempo', 'long_run', 'recovery', 'hill_training', 'strength', 'cross_training', 'race'] as const;
export type WorkoutType = (typeof WORKOUT_TYPES)[number];

export const PLAN_PHASES = ['base', 'build', 'peak', 'taper', 'recovery'] as const;
export type PlanPhase = (typeof PLAN_PHASES)[number];

export const WORKOUT_INTENSITIES = ['easy', 'moderate', 'hard'] as const;
export type WorkoutIntensity = (typeof WORKOUT_INTENSITIES)[number];

/** Where the plan's starting point came from: the athlete's training log, what they told us, or the level's defaults. */
export const PLAN_SOURCES = ['log', 'stated', 'level default'] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

/** Where the plan's paces came from: a race or time trial the athlete entered, their log's best effort, or their level. */
export const PACE_SOURCES = ['race result', 'log', 'level default'] as const;
export type PaceSource = (typeof PACE_SOURCES)[number];

/** Paces in minutes per km; each screen shows them in the athlete's unit. */
export const PlanPacesSchema = z.object({
  easy: z.number().positive(),
  recovery: z.number().positive(),
  tempo: z.number().positive(),
  interval: z.number().positive(),
  /** Race pace: the predicted race-day time over the race's distance. */
  race: z.number().positive(),
  source: z.enum(PACE_SOURCES),
  /** Daniels' VDOT the paces come from; absent for a level's default paces. */
  vdot: z.number().positive().optional(),
});
export type PlanPaces = z.infer<typeof PlanPacesSchema>;

/** Plausible race results: no faster than 2:30 per km (beyond world records), no slower than 15:00 per km (a walk). */
export const RECENT_RACE_PACE_RANGE = { min: 2.5, max: 15 } as const;

/** A recent race or time trial the athlete enters: its distance and their finishing time. */
export const RecentRaceSchema = z
  .strictObject({
    distanceKm: z.number({ message: 'Race result distance must be 1.5 to 100 km' }).min(1.5, 'Race result distance must be 1.5 to 100 km').max(100, 'Race result distance must be 1.5 to 100 km'),
    timeSeconds: z
      .number({ message: 'Race result time must be a whole number of seconds' })
      .int('Race result time must be a whole number of seconds')
      .positive('Race result time must be more than 0'),
  })
  .refine(
    (race) => {
      const minPerKm = race.timeSeconds / 60 / race.distanceKm;
      return minPerKm >= RECENT_RACE_PACE_RANGE.min && minPerKm <= RECENT_RACE_PACE_RANGE.max;
    },
    { message: 'Race result time must be a pace between 2:30 and 15:00 per km', path: ['timeSeconds'] },
  );
export type RecentRace = z.infer<typeof RecentRaceSchema>;

const RaceDistanceSchema = z.enum(RACE_DISTANCES, { message: 'Race distance must be one of 5k, 10k, half, marathon, 50k' });
const PlanLevelSchema = z.enum(PLAN_LEVELS, { message: 'Level must be beginner, intermediate or advanced' });
const WeekdaySchema = z.enum(WEEKDAYS, { message: 'Long run day must be a day of the week, monday to sunday' });
const DateSchema = z.iso.date({ message: 'must be a date in YYYY-MM-DD form' });
const MondaySchema = DateSchema.refine((date) => isoWeekday(date) === 0, 'must be a Monday');

/** A whole number in a range, with one message for every way of missing it. */
function boundedInt(message: string, min: number, max: number) {
  return z.number({ message }).int(message).min(min, message).max(max, message);
}

/** A distance in km to one decimal, as plans show them. */
const KmSchema = z.number().min(0, 'must not be negative').multipleOf(0.1, 'must have at most one decimal');

/** What the athlete answers about themselves, whatever the plan is for. */
const PLAN_ANSWERS = {
  level: PlanLevelSchema,
  daysPerWeek: boundedInt('Days a week must be 3 to 6', 3, 6),
  longRunDay: WeekdaySchema.optional(),
  currentWeeklyKm: z
    .number({ message: 'Current weekly distance must be 0 to 300 km' })
    .min(0, 'Current weekly distance must be 0 to 300 km')
    .max(300, 'Current weekly distance must be 0 to 300 km')
    .optional(),
  longestRunKm: z
    .number({ message: 'Longest recent run must be 0 to 100 km' })
    .min(0, 'Longest recent run must be 0 to 100 km')
    .max(100, 'Longest recent run must be 0 to 100 km')
    .optional(),
  /** A recent race or time trial: the plan's paces and race-day prediction come from it. */
  recentRace: RecentRaceSchema.optional(),
  name: optionalText('Plan name', 80),
};

/** The distance and the race day (or the plan's length) the athlete chooses for a plan of their own. */
const PLAN_TARGET = {
  raceDistance: RaceDistanceSchema,
  targetDate: z.iso.date({ message: 'Race date must be a date in YYYY-MM-DD form' }).optional(),
  weeks: z.literal(PLAN_WEEKS, { message: 'Plan length must be 8, 12, 16 or 20 weeks' }).optional(),
};

const CHOOSE_DATE_OR_LENGTH = 'Choose a race date or a plan length';

/** What the generator plans from (shared/training/plan-generator.ts), and what a saved plan keeps as its request. */
export const NewTrainingPlanSchema = z
  .strictObject({ ...PLAN_TARGET, ...PLAN_ANSWERS })
  .refine((body) => (body.targetDate === undefined) !== (body.weeks === undefined), {
    message: CHOOSE_DATE_OR_LENGTH,
    path: ['targetDate'],
  });
export type NewTrainingPlan = z.output<typeof NewTrainingPlanSchema>;
export type NewTrainingPlanInput = z.input<typeof NewTrainingPlanSchema>;

/**
 * A listed race a plan is for (issue 25): its id and one of the distances it lists, as it lists it. The server
 * reads the race's date and checks the distance (lambdas/data/race-plan.ts); the client never sends either.
 */
export const PlanRaceChoiceSchema = z.strictObject({
  eventId: UlidSchema,
  distance: z
    .string({ message: 'Choose one of the race’s distances' })
    .trim()
    .min(1, 'Choose one of the race’s distances')
    .max(100, 'Choose one of the race’s distances'),
});
export type PlanRaceChoice = z.infer<typeof PlanRaceChoiceSchema>;

/**
 * POST /api/me/training-plans: a plan of the athlete's own (a distance, and a race date or a length), or a plan
 * for a listed race (`race`), whose date and distance come from the race. One body, so both go through the same
 * route, the same checks and the same generator.
 */
export const TrainingPlanRequestSchema = z
  .strictObject({ ...PLAN_TARGET, raceDistance: RaceDistanceSchema.optional(), race: PlanRaceChoiceSchema.optional(), ...PLAN_ANSWERS })
  .superRefine((body, context) => {
    if (body.race) {
      for (const field of ['raceDistance', 'targetDate', 'weeks'] as const) {
        if (body[field] !== undefined) context.addIssue({ code: 'custom', message: 'A plan for a race takes its distance and date from the race', path: [field] });
      }
      return;
    }
    if (body.raceDistance === undefined) context.addIssue({ code: 'custom', message: 'Race distance must be one of 5k, 10k, half, marathon, 50k', path: ['raceDistance'] });
    if ((body.targetDate === undefined) === (body.weeks === undefined)) context.addIssue({ code: 'custom', message: CHOOSE_DATE_OR_LENGTH, path: ['targetDate'] });
  });
export type TrainingPlanRequest = z.output<typeof TrainingPlanRequestSchema>;
export type TrainingPlanRequestInput = z.input<typeof TrainingPlanRequestSchema>;

/** A request for a plan of the athlete's own, as the generator takes it; undefined for a plan for a race. */
export function ownPlanRequest(body: TrainingPlanRequest): NewTrainingPlan | undefined {
  const { race, raceDistance, ...rest } = body;
  return race || raceDistance === undefined ? undefined : { ...rest, raceDistance };
}

/** One day's session. Rest days have no entry. */
export const PlanWorkoutSchema = z.object({
  date: DateSchema,
  type: z.enum(WORKOUT_TYPES),
  distanceKm: KmSchema,
  durationMinutes: z.number().int().min(0),
  intensity: z.enum(WORKOUT_INTENSITIES),
  /** Warm-up, main work and cool-down, in that order. */
  description: z.string().min(1).max(500),
});
export type PlanWorkout = z.infer<typeof PlanWorkoutSchema>;

export const PlanWeekSchema = z.object({
  startDate: MondaySchema,
  phase: z.enum(PLAN_PHASES),
  /** The week's running km, the race included in the race's week. */
  plannedKm: KmSchema,
  workouts: z.array(PlanWorkoutSchema),
});
export type PlanWeek = z.infer<typeof PlanWeekSchema>;

export const GeneratedPlanSchema = z.object({
  raceDistance: RaceDistanceSchema,
  raceDate: DateSchema,
  level: PlanLevelSchema,
  daysPerWeek: boundedInt('Days a week must be 3 to 6', 3, 6),
  longRunDay: WeekdaySchema,
  startDate: MondaySchema,
  weeks: z.array(PlanWeekSchema).min(1),
  /** The starting point the plan grows from: the rules measure week 1 and the first long runs against it. */
  assumptions: z.object({
    currentWeeklyKm: z.number().min(0),
    longestRunKm: z.number().min(0),
    easyPaceMinPerKm: z.number().positive(),
    source: z.enum(PLAN_SOURCES),
    /** Where each figure came from; plans stored before these were recorded have only `source`. */
    currentWeeklySource: z.enum(PLAN_SOURCES).optional(),
    longestRunSource: z.enum(PLAN_SOURCES).optional(),
    /** Every pace the plan prescribes; a plan stored without them rebuilds them from easyPaceMinPerKm (paces.ts). */
    paces: PlanPacesSchema.optional(),
    /** The race-day time the paces predict, in minutes. */
    predictedRaceMinutes: z.number().int().positive().optional(),
  }),
});
export type GeneratedPlan = z.infer<typeof GeneratedPlanSchema>;

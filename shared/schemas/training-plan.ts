/**
 * Training plans: the athlete's request (the API body) and the plan the generator returns
 * (shared/training/plan-generator.ts), which shared/training/plan-check.ts re-checks against the rules.
 */
import * as z from 'zod';
import { isoWeekday } from '../dates.ts';
import { optionalText } from './common.ts';

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

export const NewTrainingPlanSchema = z
  .strictObject({
    raceDistance: RaceDistanceSchema,
    targetDate: z.iso.date({ message: 'Race date must be a date in YYYY-MM-DD form' }).optional(),
    weeks: z.literal(PLAN_WEEKS, { message: 'Plan length must be 8, 12, 16 or 20 weeks' }).optional(),
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
    name: optionalText('Plan name', 80),
  })
  .refine((body) => (body.targetDate === undefined) !== (body.weeks === undefined), {
    message: 'Choose a race date or a plan length',
    path: ['targetDate'],
  });
export type NewTrainingPlan = z.output<typeof NewTrainingPlanSchema>;
export type NewTrainingPlanInput = z.input<typeof NewTrainingPlanSchema>;

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
  }),
});
export type GeneratedPlan = z.infer<typeof GeneratedPlanSchema>;

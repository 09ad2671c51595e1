/**
 * Saved training plans as the API returns them: the generated plan (training-plan.ts) with what the athlete
 * did of it, and the adjustments the coach or the athlete asks for, shown as a diff before they apply.
 */
import * as z from 'zod';
import { isoWeekday } from '../dates.ts';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema } from './common.ts';
import { GeneratedPlanSchema, PLAN_LEVELS, PLAN_PHASES, RACE_DISTANCES, WEEKDAYS } from './training-plan.ts';

export const TrainingPlanPathSchema = z.strictObject({ id: UlidSchema });

/**
 * The listed race a plan was made for (issue 25): what the plan keeps of it, so its pages name and link the race
 * without reading it, and the race's date the plan was made for, to tell when the race moves.
 */
export const PlanRaceSchema = z.object({
  eventId: UlidSchema,
  title: z.string(),
  /** The distance as the race lists it ('Half Marathon'); the plan's raceDistance is what it is planned as. */
  distance: z.string(),
  /** The race's date when the plan was made (or last regenerated) for it. */
  date: IsoDateSchema,
});
export type PlanRace = z.infer<typeof PlanRaceSchema>;

/** A plan's race as the plan's own page reads it: with the race's date now, when that is another. */
export const PlanRaceNowSchema = PlanRaceSchema.extend({
  /** The race's date now, when it is not the one the plan was made for: the plan offers to follow it. */
  movedTo: IsoDateSchema.optional(),
  /** The race is no longer listed (removed, or hidden from the athlete): nothing to link to or follow. */
  unlisted: z.literal(true).optional(),
});
export type PlanRaceNow = z.infer<typeof PlanRaceNowSchema>;

const PlanFactsSchema = z.object({
  id: UlidSchema,
  name: z.string(),
  raceDistance: z.enum(RACE_DISTANCES),
  raceDate: IsoDateSchema,
  level: z.enum(PLAN_LEVELS),
  startDate: IsoDateSchema,
  weeks: z.number().int(),
  createdAt: IsoDateTimeSchema,
  /** The plan Today follows; at most one. */
  active: z.boolean(),
  completedWorkouts: z.number().int(),
  totalWorkouts: z.number().int(),
  /** Planned workouts dated before today that were neither completed nor matched by a log that day. */
  missedWorkouts: z.number().int(),
  /** The listed race the plan is for, when it was made from the race's page. */
  race: PlanRaceNowSchema.optional(),
});

export const TrainingPlanSummarySchema = PlanFactsSchema;
export type TrainingPlanSummary = z.infer<typeof TrainingPlanSummarySchema>;

export const TrainingPlanSchema = PlanFactsSchema.extend({
  plan: GeneratedPlanSchema,
  /** Workout dates the athlete completed from the plan, with the log each made. */
  completions: z.record(IsoDateSchema, UlidSchema),
});
export type TrainingPlan = z.infer<typeof TrainingPlanSchema>;

export const TrainingPlansSchema = z.object({ items: z.array(TrainingPlanSummarySchema) });
export const ActiveTrainingPlanSchema = z.object({ plan: TrainingPlanSchema.nullable() });

export const CompleteWorkoutPathSchema = z.strictObject({ id: UlidSchema, date: IsoDateSchema });

/**
 * A date with a file's extension, `2026-12-01.fit`, as the last segment of a download's path: API Gateway takes a
 * path parameter only as a whole segment, so the extension is part of the parameter and checked here.
 */
function datedFileName(extension: 'fit' | 'zip') {
  const suffix = `.${extension}`;
  return z
    .string()
    .refine((value) => value.endsWith(suffix), `must be a date and ${suffix}, like 2026-12-01${suffix}`)
    .transform((value) => value.slice(0, -suffix.length))
    .pipe(IsoDateSchema);
}

/** GET .../workouts/{date}: `{date}` is the workout's day and .fit. */
export const PlanWorkoutFilePathSchema = z.strictObject({ id: UlidSchema, date: datedFileName('fit') });
/** GET .../weeks/{weekStart}: `{weekStart}` is the week's Monday and .zip. */
export const PlanWeekFilePathSchema = z.strictObject({
  id: UlidSchema,
  weekStart: datedFileName('zip').refine((date) => isoWeekday(date) === 0, 'must be the Monday a plan week starts on'),
});

/** What an adjustment may change; the generator builds the rest from the athlete's real log. */
export const PlanChangesSchema = z.strictObject({
  daysPerWeek: z.number().int().min(3, 'Days a week must be 3 to 6').max(6, 'Days a week must be 3 to 6').optional(),
  longRunDay: z.enum(WEEKDAYS, { message: 'Long run day must be a day of the week' }).optional(),
  raceDate: IsoDateSchema.optional(),
  level: z.enum(PLAN_LEVELS).optional(),
});
export type PlanChanges = z.infer<typeof PlanChangesSchema>;

export const NewAdjustmentSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the plan should change').max(300, 'The reason must be at most 300 characters').optional(),
  changes: PlanChangesSchema.optional(),
});

export const WeekDiffSchema = z.object({
  startDate: IsoDateSchema,
  before: z.object({ phase: z.enum(PLAN_PHASES), plannedKm: z.number(), workouts: z.number().int() }).nullable(),
  after: z.object({ phase: z.enum(PLAN_PHASES), plannedKm: z.number(), workouts: z.number().int() }).nullable(),
});
export type WeekDiff = z.infer<typeof WeekDiffSchema>;

export const PlanAdjustmentSchema = z.object({
  id: UlidSchema,
  planId: UlidSchema,
  reason: z.string(),
  changes: PlanChangesSchema,
  createdAt: IsoDateTimeSchema,
  /** Week by week from the first changed week: planned km and phase before and after. */
  weeks: z.array(WeekDiffSchema),
  /** The adjusted plan, whole, as it will be once accepted. */
  plan: GeneratedPlanSchema,
});
export type PlanAdjustment = z.infer<typeof PlanAdjustmentSchema>;
export const AdjustmentPathSchema = z.strictObject({ id: UlidSchema, adjustmentId: UlidSchema });

/** What the athlete's log of the last 4 weeks says a plan would grow from (shared/training/history.ts). */
export const LoggedHistorySchema = z.object({
  currentWeeklyKm: z.number(),
  longestRunKm: z.number(),
  runs: z.number().int(),
  weeks: z.number(),
  bestEffort: z.object({ date: IsoDateSchema, distanceKm: z.number(), minutes: z.number(), vdot: z.number() }).optional(),
});

/** GET /api/me/training-plans/starting-point: the log's figures the plan form explains; null history without runs. */
export const PlanStartingPointSchema = z.object({ today: IsoDateSchema, history: LoggedHistorySchema.nullable() });
export type PlanStartingPoint = z.infer<typeof PlanStartingPointSchema>;

/** The race page's path parameter: the race whose plans the caller asks for. */
export const RacePlansPathSchema = z.strictObject({ eventId: UlidSchema });

/** One of the caller's plans for a race, as the race's page shows it. */
export const RacePlanLinkSchema = z.object({
  planId: UlidSchema,
  name: z.string(),
  raceDistance: z.enum(RACE_DISTANCES),
  /** The race's distance as it lists it, and its date the plan was made for. */
  distance: z.string(),
  date: IsoDateSchema,
  /** The race's date now, when the race moved since the plan was made for it. */
  movedTo: IsoDateSchema.optional(),
});
export type RacePlanLink = z.infer<typeof RacePlanLinkSchema>;

/** GET /api/me/race-plans/{eventId}: the caller's plans for the race, newest first (none: an empty list). */
export const RacePlansSchema = z.object({ items: z.array(RacePlanLinkSchema) });
export type RacePlans = z.infer<typeof RacePlansSchema>;

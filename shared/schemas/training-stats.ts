/**
 * An athlete's training figures (GET /api/me/training-stats), all from the weekly, monthly and total
 * aggregates the log keeps in the same transaction as each write: never by reading the log.
 */
import * as z from 'zod';
import { IsoDateSchema } from './common.ts';

/** Weeks of history the chart shows (spec: the last 12 weeks). */
export const STATS_WEEKS = 12;

export const WeekFiguresSchema = z.object({
  /** The Monday the week starts on. */
  weekStart: IsoDateSchema,
  workouts: z.number().int(),
  distanceKm: z.number(),
  durationMinutes: z.number().int(),
  /** Running workouts: the plan and the coach count these. */
  runs: z.number().int(),
  runDistanceKm: z.number(),
});
export type WeekFigures = z.infer<typeof WeekFiguresSchema>;

export const TrainingStatsSchema = z.object({
  /** The athlete's today (America/New_York, the product's calendar). */
  today: IsoDateSchema,
  thisWeek: WeekFiguresSchema,
  /** The last STATS_WEEKS weeks, oldest first, this week last; weeks without logs are zeros. */
  weeks: z.array(WeekFiguresSchema),
  /** Consecutive days with at least one log, ending today (or yesterday, when today has none yet). */
  streakDays: z.number().int(),
  totalWorkouts: z.number().int(),
  totalDistanceKm: z.number(),
  /** Minutes per km over the runs of the last 12 weeks that have both distance and duration; absent without any. */
  averagePaceMinPerKm: z.number().optional(),
  /** How many logs of the last 12 weeks had each effort level, 1 to 10. */
  effort: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
});
export type TrainingStats = z.infer<typeof TrainingStatsSchema>;

/**
 * GET /api/me/training-load (issue 25): the athlete's days of load, fitness, fatigue and form
 * (#shared/training/training-load says what each is), from the aggregates the log keeps.
 */
import * as z from 'zod';
import { daysBetween } from '../dates.ts';
import { MAX_LOAD_DAYS } from '../training/training-load.ts';
import { IsoDateSchema } from './common.ts';

/** Days shown when the query names none: the last 90. */
export const DEFAULT_LOAD_DAYS = 90;

export const TrainingLoadQuerySchema = z
  .strictObject({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .refine((query) => !query.from || !query.to || daysBetween(query.from, query.to) < MAX_LOAD_DAYS, {
    message: `Ask for at most ${MAX_LOAD_DAYS} days at a time`,
    path: ['from'],
  });
export type TrainingLoadQuery = z.output<typeof TrainingLoadQuerySchema>;

export const LoadDaySchema = z.object({
  date: IsoDateSchema,
  /** The day's load (TRIMP points), fitness (42-day average), fatigue (7-day) and form (fitness less fatigue). */
  load: z.number(),
  fitness: z.number(),
  fatigue: z.number(),
  form: z.number(),
});

export const TrainingLoadSchema = z.object({
  days: z.array(LoadDaySchema),
  /** Fitness gained over the last 7 days of the answer; absent when it covers fewer than 8 days. */
  rampRate: z.number().optional(),
});
export type TrainingLoad = z.infer<typeof TrainingLoadSchema>;

/** The beacon's body and the organizer's analytics answer (shared/analytics.ts has the rules). */
import * as z from 'zod';
import { BEACON_KINDS, MAX_ANALYTICS_DAYS } from '../analytics.ts';
import { daysBetween } from '../dates.ts';
import { IsoDateSchema, UlidSchema } from './common.ts';

export const BeaconPathSchema = z.strictObject({ id: UlidSchema });
export const BeaconBodySchema = z.strictObject({ kind: z.enum(BEACON_KINDS, { message: `kind must be one of ${BEACON_KINDS.join(', ')}` }) });
export const BeaconAnswerSchema = z.object({ outcome: z.enum(['counted', 'repeat', 'bot', 'owner']) });

export const AnalyticsQuerySchema = z
  .strictObject({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .refine(
    (query) => !query.from || !query.to || daysBetween(query.from, query.to) < MAX_ANALYTICS_DAYS,
    { message: `At most ${MAX_ANALYTICS_DAYS} days at once`, path: ['from'] },
  );

export const DailyStatsSchema = z.object({
  day: IsoDateSchema,
  views: z.number().int().nonnegative(),
  saves: z.number().int().nonnegative(),
  registerClicks: z.number().int().nonnegative(),
});
export const EventAnalyticsSchema = z.object({
  eventId: UlidSchema,
  from: IsoDateSchema,
  to: IsoDateSchema,
  days: z.array(DailyStatsSchema),
  totals: z.object({ views: z.number(), saves: z.number(), registerClicks: z.number() }),
});
export type EventAnalytics = z.infer<typeof EventAnalyticsSchema>;

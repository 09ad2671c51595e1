import * as z from 'zod';
import { PROMOTION_SCOPES, PROMOTION_TIERS } from '../promotions.ts';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema } from './common.ts';

export const PROMOTION_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PromotionPaymentStatus = (typeof PROMOTION_PAYMENT_STATUSES)[number];

/** A promotion as stored (the promotions issue adds the routes that show and change it). */
export const PromotionSchema = z.object({
  id: UlidSchema,
  eventId: UlidSchema,
  organizerId: z.string(),
  tier: z.enum(PROMOTION_TIERS),
  scope: z.enum(PROMOTION_SCOPES),
  /** State code for 'state', event type for 'event_type'; absent for 'site'. */
  scopeValue: z.string().optional(),
  /** First and last day (YYYY-MM-DD, America/New_York), both inclusive. */
  startDate: IsoDateSchema,
  endDate: IsoDateSchema,
  paymentStatus: z.enum(PROMOTION_PAYMENT_STATUSES),
  adminApproved: z.boolean(),
  createdAt: IsoDateTimeSchema,
});
export type Promotion = z.infer<typeof PromotionSchema>;

/**
 * Promotions (spec 001 "Promote-event dialog", DESIGN section 8): an organizer pays to lift an event they own
 * in search for a scope and a span of days; Stripe takes the money, an admin approves, and search ranks it.
 * Every amount here is the server's: the create body has no price, and the stored one comes from
 * shared/promotions.ts.
 */
import * as z from 'zod';
import { EVENT_TYPES } from '../event-vocabulary.ts';
import { MAX_PROMOTION_DAYS, PROMOTION_SCOPES, PROMOTION_TIERS, promotionDays } from '../promotions.ts';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema } from './common.ts';
import { StateCodeSchema } from './event.ts';

/**
 * Payment, as Stripe's verified webhooks report it. The order is the only way a status may move (a later
 * webhook never takes a promotion back): pending -> failed (the checkout expired unpaid) -> paid -> refunded.
 */
export const PROMOTION_PAYMENT_STATUSES = ['pending', 'failed', 'paid', 'refunded'] as const;
export type PromotionPaymentStatus = (typeof PROMOTION_PAYMENT_STATUSES)[number];

/** The admin's decision on a paid promotion; approved and paid is what search shows. */
export const PROMOTION_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PromotionReviewStatus = (typeof PROMOTION_REVIEW_STATUSES)[number];

export const PROMOTION_NOTES_MAX = 1000;

/** A promotion as stored. */
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
  /** The price the server set (US cents) and its currency; the webhook checks Stripe's amount against them. */
  amountCents: z.number().int().positive(),
  currency: z.literal('usd'),
  paymentStatus: z.enum(PROMOTION_PAYMENT_STATUSES),
  reviewStatus: z.enum(PROMOTION_REVIEW_STATUSES),
  adminApproved: z.boolean(),
  createdAt: IsoDateTimeSchema,
  /** The event's title when the promotion was bought, for lists that show many promotions. */
  eventTitle: z.string().optional(),
  /** Stripe's Checkout Session and its hosted page (while it may still be paid). */
  checkoutSessionId: z.string().optional(),
  checkoutUrl: z.string().optional(),
  paymentIntentId: z.string().optional(),
  paidAt: IsoDateTimeSchema.optional(),
  refundId: z.string().optional(),
  refundedAt: IsoDateTimeSchema.optional(),
  reviewedBy: z.string().optional(),
  reviewedAt: IsoDateTimeSchema.optional(),
  adminNotes: z.string().optional(),
  /**
   * Set when this payment was a second one for a slot (event, tier, scope, dates) another promotion had already
   * paid: the id of that one. Such a promotion cannot be approved, only rejected (refunded).
   */
  duplicateOf: UlidSchema.optional(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

const ScopeValueSchemas = {
  state: StateCodeSchema,
  event_type: z.enum(EVENT_TYPES, { message: `must be one of ${EVENT_TYPES.join(', ')}` }),
} as const;

/**
 * POST /api/promotions. No amount: the server prices it. Dates are checked against today on the server
 * (lambdas/data/promotion-purchase.ts), where "today" is known.
 */
export const CreatePromotionBodySchema = z
  .strictObject({
    eventId: UlidSchema,
    type: z.enum(PROMOTION_TIERS, { message: `type must be one of ${PROMOTION_TIERS.join(', ')}` }),
    scope: z.enum(PROMOTION_SCOPES, { message: `scope must be one of ${PROMOTION_SCOPES.join(', ')}` }),
    scopeValue: z.string().trim().optional(),
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
  })
  .superRefine((body, context) => {
    if (body.scope === 'site') {
      if (body.scopeValue) context.addIssue({ code: 'custom', path: ['scopeValue'], message: 'A site-wide promotion takes no scope value' });
    } else {
      const parsed = ScopeValueSchemas[body.scope].safeParse(body.scopeValue ?? '');
      if (!parsed.success) {
        context.addIssue({
          code: 'custom',
          path: ['scopeValue'],
          message: body.scope === 'state' ? 'Choose the state to promote in' : 'Choose the event type to promote in',
        });
      }
    }
    const days = promotionDays(body.startDate, body.endDate);
    if (days < 1) context.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
    else if (days > MAX_PROMOTION_DAYS) context.addIssue({ code: 'custom', path: ['endDate'], message: `A promotion runs at most ${MAX_PROMOTION_DAYS} days` });
  });
export type CreatePromotionBody = z.infer<typeof CreatePromotionBodySchema>;

export const CreatePromotionResponseSchema = z.object({ promotion: PromotionSchema, checkoutUrl: z.string() });

export const PromotionPathSchema = z.strictObject({ id: UlidSchema });

const CursorSchema = z.string().max(2048, 'cursor is not valid').optional();

export const MyPromotionsQuerySchema = z.strictObject({ cursor: CursorSchema });

/** Where a promotion stands in the admin's queue: one of these at a time (derived from payment and review). */
export const PROMOTION_QUEUES = ['in_review', 'awaiting_payment', 'approved', 'rejected', 'refunded', 'failed'] as const;
export type PromotionQueue = (typeof PROMOTION_QUEUES)[number];

export const AdminPromotionsQuerySchema = z.strictObject({
  status: z.enum(PROMOTION_QUEUES, { message: `status must be one of ${PROMOTION_QUEUES.join(', ')}` }).default('in_review'),
  cursor: CursorSchema,
});

export const PromotionDecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'reject'], { message: "decision must be 'approve' or 'reject'" }),
  notes: z
    .string()
    .trim()
    .max(PROMOTION_NOTES_MAX, `Notes must be at most ${PROMOTION_NOTES_MAX} characters`)
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});
export type PromotionDecisionBody = z.infer<typeof PromotionDecisionBodySchema>;

export const PromotionsPageSchema = z.object({ items: z.array(PromotionSchema), nextCursor: z.string().optional() });
export type PromotionsPage = z.infer<typeof PromotionsPageSchema>;

export const AdminPromotionsPageSchema = PromotionsPageSchema.extend({
  /** Promotions in this queue in all, from the promotion counters. */
  total: z.number().int().nonnegative(),
});
export type AdminPromotionsPage = z.infer<typeof AdminPromotionsPageSchema>;

/** What the webhook answers Stripe (any 2xx stops its retries). */
export const WebhookAnswerSchema = z.object({ received: z.literal(true), effect: z.enum(['applied', 'ignored', 'duplicate']) });

/**
 * The admin's decision on a paid promotion (POST /api/admin/promotions/{id}/decision). Approval makes it
 * active: search ranks it within its scope and dates (the sparse GSI4 keys toPromotionItem writes); an
 * approval after the start date moves the dates to start that day, so review time costs no paid days. Rejection
 * refunds the payment through Stripe first and records the promotion refunded only once Stripe has taken the
 * refund, so a promotion is never marked refunded with the organizer's money still held. Each decision is one
 * transaction with its counters and its activity entry.
 */
import { todayInNewYork } from '#shared/dates';
import { PROMOTION_TIER_LABELS, datesFromApproval, formatUsd } from '#shared/promotions';
import type { Promotion, PromotionDecisionBody } from '#shared/schemas/promotion';
import { ConflictError, ServiceUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { stripe } from '#lib/stripe';
import { activityPut } from './activity.ts';
import { getEvent } from './event.ts';
import { changePromotion, getPromotionRecord, promotionNotFound } from './promotion-store.ts';
import { promotionDecidedNotices } from './decision-notices.ts';
import { notifyAfterWrite } from './notification-queue.ts';

export interface PromotionDecision extends PromotionDecisionBody {
  readonly reviewerId: string;
}

function assertDecidable(promotion: Promotion, decision: PromotionDecision['decision']): void {
  if (promotion.reviewStatus !== 'pending') throw new ConflictError(`This promotion was already ${promotion.reviewStatus}.`);
  if (decision === 'approve' && promotion.duplicateOf) {
    throw new ConflictError(`This is a second payment for a promotion slot already paid by promotion ${promotion.duplicateOf}: reject it to refund the organizer.`);
  }
  // A rejection may meet a payment that its own refund's webhook already marked refunded.
  const payable = decision === 'reject' ? ['paid', 'refunded'] : ['paid'];
  if (!payable.includes(promotion.paymentStatus)) {
    throw new ConflictError(
      promotion.paymentStatus === 'refunded'
        ? 'This promotion was refunded: there is nothing left to approve.'
        : 'This promotion has not been paid for: it can be decided once Stripe confirms the payment.',
    );
  }
}

const describe = (promotion: Promotion) => `${PROMOTION_TIER_LABELS[promotion.tier]} promotion of ${promotion.eventTitle ?? `event ${promotion.eventId}`}`;

/** Takes the refund of a paid promotion from Stripe (once, whatever the retries); its id. */
async function refund(promotion: Promotion): Promise<string> {
  if (!promotion.paymentIntentId) throw new ConflictError('Stripe has not told us which payment this promotion was paid with, so it cannot be refunded here.');
  const client = await stripe();
  try {
    const created = await client.refunds.create(
      { payment_intent: promotion.paymentIntentId, metadata: { promotionId: promotion.id } },
      { idempotencyKey: `promotion-refund-${promotion.id}` },
    );
    return created.id;
  } catch (error) {
    logger.error('stripe refund failed', { promotionId: promotion.id, error: error as Error });
    throw new ServiceUnavailableError('The refund could not be made, so the promotion was not rejected. Please try again in a few minutes.');
  }
}

export async function decidePromotion(id: string, decision: PromotionDecision, now: Date = new Date()): Promise<Promotion> {
  const record = await getPromotionRecord(id);
  if (!record) throw promotionNotFound();
  assertDecidable(record.promotion, decision.decision);
  const refundId = decision.decision === 'reject' && record.promotion.paymentStatus === 'paid' ? await refund(record.promotion) : undefined;
  // The paid days run from approval (datesFromApproval), and end by the race, which may have moved since.
  const eventDate = decision.decision === 'approve' ? ((await getEvent(record.promotion.eventId))?.eventDate ?? record.promotion.endDate) : undefined;

  const reviewed = { reviewedBy: decision.reviewerId, reviewedAt: now.toISOString(), ...(decision.notes ? { adminNotes: decision.notes } : {}) };
  const decided = await changePromotion(id, promotionNotFound, (current) => {
    assertDecidable(current, decision.decision);
    const after: Promotion =
      decision.decision === 'approve'
        ? { ...current, ...reviewed, ...datesFromApproval(current, todayInNewYork(now), eventDate ?? current.endDate), reviewStatus: 'approved', adminApproved: true }
        : {
            ...current,
            ...reviewed,
            reviewStatus: 'rejected',
            adminApproved: false,
            paymentStatus: 'refunded',
            refundedAt: current.refundedAt ?? reviewed.reviewedAt,
            ...(refundId ? { refundId } : {}),
          };
    const summary =
      decision.decision === 'approve'
        ? `Approved the ${describe(current)}`
        : `Rejected the ${describe(current)} and refunded ${formatUsd(current.amountCents)}`;
    const activity = activityPut(
      { kind: decision.decision === 'approve' ? 'promotion-approved' : 'promotion-rejected', actorId: decision.reviewerId, subjectId: current.organizerId, summary },
      now,
    );
    return { after, extraItems: [activity], result: after };
  });
  await notifyAfterWrite(promotionDecidedNotices(decided, await getEvent(decided.eventId), now));
  return decided;
}

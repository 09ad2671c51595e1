/** No defineEntity here: a slot is a pointer item (two ids) read and written only by conditional writes below. */
/**
 * Promotion slots: what makes buying a promotion idempotent. A slot is one organizer's purchase of one event,
 * tier, scope and span of dates; two identical purchase requests name the same slot, so a conditional write
 * on its deterministic key lets exactly one of them choose the promotion id, and every other request answers
 * that promotion (with the same Checkout Session) instead of opening another.
 *
 * | item           | PK                   | SK                                                              | attributes                   |
 * | promotion slot | PROMO_SLOT#<eventId> | <organizer sub>#<tier>#<scope>#<scopeValue or ALL>#<start>#<end> | promotionId, paidPromotionId |
 *
 * - `promotionId`: the promotion the slot's purchases answer. It moves to a new promotion only when that one
 *   can no longer be paid (its checkout failed, or it was refunded or rejected).
 * - `paidPromotionId`: the promotion whose payment the webhook recorded for the slot. A second payment for
 *   the same slot (a checkout paid late after its slot was bought again, or duplicates stored before slots
 *   existed) finds it taken and is marked `duplicateOf` instead of becoming approvable (promotion-payments.ts).
 * Promotions bought before slots existed have none; the first write that needs one creates it.
 */
import type { Promotion } from '#shared/schemas/promotion';
import { table } from '#lib/kit/table';
import { retryingConflicts, type TransactItem } from '#lib/kit/transact';
import { isConditionFailure } from '#lib/transactions';
import { ConflictError } from '#lib/errors';
import { getPromotionRecord } from './promotion-store.ts';

type SlotFields = Pick<Promotion, 'eventId' | 'organizerId' | 'tier' | 'scope' | 'scopeValue' | 'startDate' | 'endDate'>;

/** The buyer is part of the slot: a purchase never answers another organizer's promotion (an event can change owner). */
export const promotionSlotKey = (slot: SlotFields) => ({
  PK: `PROMO_SLOT#${slot.eventId}`,
  SK: `${slot.organizerId}#${slot.tier}#${slot.scope}#${slot.scope === 'site' ? 'ALL' : (slot.scopeValue ?? 'ALL')}#${slot.startDate}#${slot.endDate}`,
});

/** Statuses after which a promotion can never be paid or shown again, so its slot may be bought anew. */
const isSpent = (promotion: Promotion) => promotion.paymentStatus === 'failed' || promotion.paymentStatus === 'refunded' || promotion.reviewStatus === 'rejected';

/**
 * The promotion id a purchase of this slot answers: `candidate` when the slot was free (or its promotion is
 * spent), else the id an earlier (or concurrent) identical request chose. That promotion may not be stored
 * yet when its request is still opening the checkout. A claim that loses to a concurrent one reads again.
 */
export function claimPromotionSlot(slot: SlotFields, candidate: string): Promise<string> {
  const key = promotionSlotKey(slot);
  return retryingConflicts(
    async () => {
      const { Item } = await table.get({ Key: key, ConsistentRead: true });
      const holder = typeof Item?.promotionId === 'string' ? Item.promotionId : undefined;
      if (holder) {
        const record = await getPromotionRecord(holder);
        if (!record || !isSpent(record.promotion)) return holder;
      }
      await table.update({
        Key: key,
        UpdateExpression: 'SET promotionId = :candidate, entity = :entity',
        // Only over the holder just read: a concurrent request that claimed the slot meanwhile wins.
        ConditionExpression: holder ? 'promotionId = :holder' : 'attribute_not_exists(promotionId)',
        ExpressionAttributeValues: { ':candidate': candidate, ':entity': 'promotion-slot', ...(holder ? { ':holder': holder } : {}) },
      });
      return candidate;
    },
    {
      attempts: 4,
      retryOn: isConditionFailure,
      onExhausted: () => new ConflictError('This promotion is being bought right now. Please try again in a moment.'),
    },
  );
}

/**
 * The other promotion already paid for this slot, if any: the payment being recorded now would be a second
 * one. A marker naming a promotion that was refunded since no longer holds the slot.
 */
export async function otherPaidPromotion(promotion: Promotion): Promise<{ readonly holder?: string; readonly staleHolder?: string }> {
  const { Item } = await table.get({ Key: promotionSlotKey(promotion), ConsistentRead: true });
  const paid = typeof Item?.paidPromotionId === 'string' ? Item.paidPromotionId : undefined;
  if (!paid || paid === promotion.id) return {};
  const record = await getPromotionRecord(paid);
  return record?.promotion.paymentStatus === 'paid' ? { holder: paid } : { staleHolder: paid };
}

/**
 * The transaction item that records `promotion` as its slot's paid one, conditioned on no other paid
 * promotion holding it (a stale holder read just before may be replaced). A payment recorded meanwhile for the
 * slot cancels the write: the webhook answers 409 and Stripe's retry then finds the slot taken.
 */
export function recordSlotPayment(promotion: Promotion, staleHolder: string | undefined): TransactItem {
  return {
    Update: {
      Key: promotionSlotKey(promotion),
      UpdateExpression: 'SET paidPromotionId = :id, entity = :entity',
      ConditionExpression: `attribute_not_exists(paidPromotionId) OR paidPromotionId = :id${staleHolder ? ' OR paidPromotionId = :stale' : ''}`,
      ExpressionAttributeValues: { ':id': promotion.id, ':entity': 'promotion-slot', ...(staleHolder ? { ':stale': staleHolder } : {}) },
    },
    ifConditionFails: new ConflictError('Another payment for the same promotion is being recorded. Please retry.'),
  };
}

/** No defineEntity here: Stripe delivery markers (TTL) without a schema; promotion writes go through promotion-store.ts. */
/**
 * What Stripe's verified webhooks do to promotions (POST /api/stripe/webhook; the signature is checked before
 * anything here runs).
 *
 * | item              | PK                    | SK       | attributes                             |
 * | webhook delivery  | STRIPE_EVENT#<evt id> | DELIVERY | type, promotionId, at; TTL 30 days on  |
 *
 * - Idempotent: a change is written in one transaction with its delivery record (conditional on the record
 *   not existing), so the same event delivered any number of times, even at once, changes the promotion
 *   once. A different event about a session already applied (Stripe's async_payment_succeeded after
 *   completed) finds nothing left to do.
 * - Out-of-order safe: payment statuses only move forward (pending -> failed -> paid -> refunded, the order
 *   of PROMOTION_PAYMENT_STATUSES): an expiry arriving after the payment, or a completion after the refund,
 *   changes nothing.
 * - One payment per slot: a payment for a slot (event, tier, scope, dates) another promotion has already paid
 *   is recorded (the money is held) but marked `duplicateOf`, which an admin can only reject, refunding it.
 * - Refused with nothing changed, as a WebhookRefusedError (422, counted in WebhookFailures): a promotion we do
 *   not know, a session that is not the promotion's, or an amount or currency other than the server's price.
 *   Stripe retries refused deliveries, and the alarm tells an operator, who can look at the logs.
 */
import type Stripe from 'stripe';
import { TTL_ATTRIBUTE } from '#shared/table';
import { PROMOTION_PAYMENT_STATUSES, type Promotion, type PromotionPaymentStatus } from '#shared/schemas/promotion';
import { table } from '#lib/kit/table';
import { HttpError } from '#lib/errors';
import { otherPaidPromotion, recordSlotPayment } from './promotion-slot.ts';
import { changePromotion, getPromotionRecord } from './promotion-store.ts';
import { getEvent } from './event.ts';
import { promotionPaidNotice, promotionRefundedNotice } from './decision-notices.ts';
import { notifyAfterWrite } from './notification-queue.ts';

const DELIVERY_KEEP_SECONDS = 30 * 86_400;

export const deliveryKey = (eventId: string) => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'DELIVERY' });

/** A verified event that contradicts what the server recorded: refused, changes nothing, counted. */
export class WebhookRefusedError extends HttpError {
  constructor(readonly reason: string) {
    super(422, 'webhook_refused', `Webhook refused: ${reason}`);
  }
}

/** What a delivery did: changed a promotion, was not about anything to change, or was seen before. */
export type WebhookEffect = 'applied' | 'ignored' | 'duplicate';

const rank = (status: PromotionPaymentStatus) => PROMOTION_PAYMENT_STATUSES.indexOf(status);

/** The payment change an event asks for, if it is one we act on. */
interface PaymentChange {
  readonly promotionId: string;
  readonly to: PromotionPaymentStatus;
  /** Checks the event against the promotion; throws WebhookRefusedError when they disagree. */
  readonly check?: (promotion: Promotion) => void;
  readonly fields?: Partial<Promotion>;
}

function promotionIdOfSession(session: Stripe.Checkout.Session): string {
  const id = session.client_reference_id ?? session.metadata?.promotionId;
  if (!id) throw new WebhookRefusedError(`checkout session ${session.id} names no promotion`);
  return id;
}

function sessionCheck(session: Stripe.Checkout.Session, checkAmount: boolean) {
  return (promotion: Promotion) => {
    if (promotion.checkoutSessionId && promotion.checkoutSessionId !== session.id) {
      throw new WebhookRefusedError(`checkout session ${session.id} is not promotion ${promotion.id}'s`);
    }
    if (!checkAmount) return;
    if (session.amount_total !== promotion.amountCents || session.currency?.toLowerCase() !== promotion.currency) {
      throw new WebhookRefusedError(
        `promotion ${promotion.id} costs ${promotion.amountCents} ${promotion.currency}, the session charged ${session.amount_total} ${session.currency}`,
      );
    }
  };
}

function paymentChangeOf(event: Stripe.Event, at: string): PaymentChange | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed payment method completes the session unpaid; its async_payment_succeeded follows.
      if (session.payment_status !== 'paid') return undefined;
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      return {
        promotionId: promotionIdOfSession(session),
        to: 'paid',
        check: sessionCheck(session, true),
        fields: { paidAt: at, ...(paymentIntent ? { paymentIntentId: paymentIntent } : {}) },
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return { promotionId: promotionIdOfSession(session), to: 'failed', check: sessionCheck(session, false), fields: {} };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const promotionId = charge.metadata?.promotionId;
      // A partial refund leaves the promotion paid; only a full one ends it.
      if (!promotionId || !charge.refunded) return undefined;
      return { promotionId, to: 'refunded', fields: { refundedAt: at } };
    }
    default:
      return undefined;
  }
}

/** Applies one verified Stripe event; answers what it did (throws WebhookRefusedError when it disagrees with us). */
export async function applyStripeEvent(event: Stripe.Event, now: Date = new Date()): Promise<WebhookEffect> {
  const at = now.toISOString();
  const change = paymentChangeOf(event, at);
  if (!change) return 'ignored';

  const seen = await table.get({ Key: deliveryKey(event.id), ConsistentRead: true });
  if (seen.Item) return 'duplicate';

  const delivery = {
    Put: {
      Item: {
        ...deliveryKey(event.id),
        entity: 'stripe-delivery',
        type: event.type,
        promotionId: change.promotionId,
        at,
        [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + DELIVERY_KEEP_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  // A payment claims its slot (./promotion-slot.ts): a second one for the same slot is recorded but marked.
  const stored = change.to === 'paid' ? await getPromotionRecord(change.promotionId) : undefined;
  const slot = stored ? await otherPaidPromotion(stored.promotion) : {};
  const effect = await changePromotion<WebhookEffect>(
    change.promotionId,
    // An unknown promotion is refused as a contradiction (422), not answered as a missing page.
    () => new WebhookRefusedError(`no promotion ${change.promotionId}`),
    (current) => {
      change.check?.(current);
      // Never backwards: a late or repeated event about an earlier state has nothing to do.
      if (rank(change.to) <= rank(current.paymentStatus)) return { result: 'ignored' };
      const after: Promotion = { ...current, ...change.fields, paymentStatus: change.to };
      // A promotion that is no longer paid is no longer shown, even if an admin had approved it.
      if (change.to === 'refunded') after.adminApproved = false;
      // Every change moves the payment on from pending: the checkout page is done with (paid or expired).
      delete after.checkoutUrl;
      if (change.to !== 'paid') return { after, extraItems: [delivery], result: 'applied' };
      if (slot.holder) return { after: { ...after, duplicateOf: slot.holder }, extraItems: [delivery], result: 'applied' };
      return { after, extraItems: [delivery, recordSlotPayment(current, slot.staleHolder)], result: 'applied' };
    },
    () => 'duplicate',
  );
  if (effect === 'applied' && (change.to === 'paid' || change.to === 'refunded')) await notifyPayment(change.promotionId, change.to, now);
  return effect;
}

/** The organizer's receipt of a payment or a refund this delivery applied. */
async function notifyPayment(promotionId: string, to: 'paid' | 'refunded', now: Date): Promise<void> {
  const promotion = (await getPromotionRecord(promotionId))?.promotion;
  if (!promotion) return;
  const event = await getEvent(promotion.eventId);
  await notifyAfterWrite([to === 'paid' ? promotionPaidNotice(promotion, event, now) : promotionRefundedNotice(promotion, event, now)]);
}

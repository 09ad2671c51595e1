/**
 * Buying a promotion (POST /api/promotions): the server prices it from the one table in shared/promotions.ts,
 * opens a Stripe Checkout Session for exactly that amount, and records the promotion as awaiting payment.
 * Only the verified webhook (./promotion-payments.ts) marks it paid; the browser's return never does.
 *
 * Idempotent per slot (event, tier, scope, dates; ./promotion-slot.ts): the slot's conditional write picks
 * one promotion id, and the Checkout Session's idempotency key is that id, so identical requests, even at
 * once, open one session and store one promotion; a repeat answers the pending one, and a paid slot is a 409.
 */
import type Stripe from 'stripe';
import { ulid } from 'ulid';
import { todayInNewYork } from '#shared/dates';
import { PROMOTION_TIER_LABELS, formatUsd, promotionDays, promotionPriceCents, promotionScopeLabel } from '#shared/promotions';
import type { CreatePromotionBody, Promotion } from '#shared/schemas/promotion';
import type { Caller } from '#lib/caller';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { stripe } from '#lib/stripe';
import { getOwnEvent } from './event-visibility.ts';
import { claimPromotionSlot } from './promotion-slot.ts';
import { getPromotionRecord, putNewPromotion } from './promotion-store.ts';

/** Where the organizer lands after Stripe's page: their dashboard, which asks the API how the payment went. */
export const PAYMENT_RETURN_PATH = '/organizer-dashboard';

export interface PurchasedPromotion {
  readonly promotion: Promotion;
  readonly checkoutUrl: string;
}

function dateErrors(body: CreatePromotionBody, today: string, eventDate: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (body.startDate < today) fields['body.startDate'] = ['The start date cannot be in the past'];
  // Search lists upcoming events only: days after the race would be paid for and never shown.
  if (body.endDate > eventDate) fields['body.endDate'] = [`The promotion must end by the event date (${eventDate})`];
  return fields;
}

/** What a purchase of an already stored promotion answers: its pending checkout, or a refusal once it is paid. */
async function answerOfStored(id: string): Promise<PurchasedPromotion | undefined> {
  const record = await getPromotionRecord(id);
  if (!record) return undefined;
  const { promotion } = record;
  if (promotion.paymentStatus === 'pending' && promotion.checkoutUrl) return { promotion, checkoutUrl: promotion.checkoutUrl };
  if (promotion.paymentStatus === 'paid') throw new ConflictError('This promotion is already paid for: the same event, tier, scope and dates cannot be bought twice.');
  // Its checkout ended between the slot's read and this one: a retry claims the slot afresh.
  throw new ConflictError('The earlier checkout of this promotion just ended. Please try again.');
}

/** `siteUrl` is the configured site (SITE_URL): the return URLs never come from the request. */
export async function purchasePromotion(caller: Caller, body: CreatePromotionBody, siteUrl: string, now: Date = new Date()): Promise<PurchasedPromotion> {
  const event = await getOwnEvent(body.eventId, caller);
  if (!event.verified) throw new ConflictError('This event is not public yet: it can be promoted once an admin has approved it.');
  const fields = dateErrors(body, todayInNewYork(now), event.eventDate);
  if (Object.keys(fields).length > 0) throw new BadRequestError('Some fields are not valid', fields);

  const scopeValue = body.scope === 'site' ? undefined : body.scopeValue;
  const id = await claimPromotionSlot({ ...body, eventId: event.id, organizerId: caller.sub, tier: body.type, scopeValue }, ulid(now.getTime()));
  const earlier = await answerOfStored(id);
  if (earlier) return earlier;

  const amountCents = promotionPriceCents(body.type, body.startDate, body.endDate);
  const days = promotionDays(body.startDate, body.endDate);
  const returnUrl = (outcome: string) => `${siteUrl}${PAYMENT_RETURN_PATH}?${outcome}=true&promotion_id=${id}&tab=promotions`;

  const client = await stripe();
  let session: Stripe.Checkout.Session;
  try {
    session = await client.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: amountCents,
              product_data: {
                name: `${PROMOTION_TIER_LABELS[body.type]} promotion: ${event.title}`.slice(0, 250),
                description: `${days} day${days === 1 ? '' : 's'} (${body.startDate} to ${body.endDate}), ${promotionScopeLabel(body.scope, scopeValue)}, ${formatUsd(amountCents)}`,
              },
            },
          },
        ],
        client_reference_id: id,
        metadata: { promotionId: id },
        // On the charge too, so a refund made in Stripe's dashboard (charge.refunded) finds its promotion.
        payment_intent_data: { metadata: { promotionId: id } },
        success_url: returnUrl('promotion_success'),
        cancel_url: returnUrl('promotion_cancelled'),
      },
      { idempotencyKey: `promotion-checkout-${id}` },
    );
  } catch (error) {
    logger.error('stripe checkout session failed', { promotionId: id, error: error as Error });
    throw new ServiceUnavailableError('Payments are unavailable right now. Nothing was charged; please try again in a few minutes.');
  }
  if (!session.url) throw new ServiceUnavailableError('Payments are unavailable right now. Nothing was charged; please try again in a few minutes.');

  const promotion: Promotion = {
    id,
    eventId: event.id,
    organizerId: caller.sub,
    tier: body.type,
    scope: body.scope,
    ...(scopeValue ? { scopeValue } : {}),
    startDate: body.startDate,
    endDate: body.endDate,
    amountCents,
    currency: 'usd',
    paymentStatus: 'pending',
    reviewStatus: 'pending',
    adminApproved: false,
    createdAt: now.toISOString(),
    eventTitle: event.title,
    checkoutSessionId: session.id,
    checkoutUrl: session.url,
  };
  try {
    await putNewPromotion(promotion);
  } catch (error) {
    // A concurrent identical request stored it first, with this very session (same idempotency key).
    const stored = await answerOfStored(id);
    if (stored) return stored;
    // Nothing records this session: close it so it can never be paid for a promotion that does not exist.
    await client.checkout.sessions
      .expire(session.id)
      .catch((expireError: unknown) => logger.warn('could not expire an orphaned checkout session', { sessionId: session.id, error: expireError as Error }));
    throw error;
  }
  return { promotion, checkoutUrl: session.url };
}

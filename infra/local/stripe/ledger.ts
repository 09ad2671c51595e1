/**
 * The Stripe stand-in's state, in memory (a restart forgets it, as a fresh test-mode account would): Checkout
 * Sessions, the payment intent and charge a paid session makes, refunds, and the events they emit. Objects are
 * answered in Stripe's shapes (`object`, prefixed ids, Unix-second timestamps, `livemode: false`) with the
 * fields RaceFinder reads; fields Stripe has and this account never fills are null.
 */
import { randomBytes } from 'node:crypto';
import { invalidRequest, noSuch } from './errors.ts';
import type { RefundCreateParams, SessionCreateParams } from './params.ts';

/** Stripe's default and longest session lifetime: 24 hours; the shortest 30 minutes. */
const SESSION_LIFETIME_S = 24 * 3600;
const MIN_LIFETIME_S = 30 * 60;
/** Stripe refuses Checkout totals under its minimum charge: 50 cents for usd. */
const MIN_TOTAL: Readonly<Record<string, number>> = { usd: 50 };

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return `${prefix}_${[...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

const now = () => Math.floor(Date.now() / 1000);

export interface CheckoutSession {
  readonly id: string;
  readonly object: 'checkout.session';
  readonly amount_subtotal: number;
  readonly amount_total: number;
  readonly cancel_url: string | null;
  readonly client_reference_id: string | null;
  readonly created: number;
  readonly currency: string;
  readonly customer: null;
  readonly customer_details: { readonly email: string | null } | null;
  readonly customer_email: string | null;
  readonly expires_at: number;
  readonly livemode: false;
  readonly metadata: Readonly<Record<string, string>>;
  readonly mode: 'payment';
  readonly payment_intent: string | null;
  readonly payment_method_types: readonly string[];
  readonly payment_status: 'paid' | 'unpaid';
  readonly status: 'open' | 'complete' | 'expired';
  readonly success_url: string;
  readonly ui_mode: 'hosted';
  readonly url: string | null;
}

/** What the checkout page shows: the session and its line items. */
export interface SessionRecord {
  session: CheckoutSession;
  readonly lineItems: readonly { readonly name: string; readonly description?: string; readonly unitAmount: number; readonly quantity: number }[];
  readonly paymentIntentMetadata: Readonly<Record<string, string>>;
  /** Proves a Pay or Cancel came from the page this stand-in served (no cross-site form can know it). */
  readonly pageToken: string;
}

export interface Charge {
  readonly id: string;
  readonly object: 'charge';
  readonly amount: number;
  readonly amount_captured: number;
  readonly amount_refunded: number;
  readonly captured: true;
  readonly created: number;
  readonly currency: string;
  readonly livemode: false;
  readonly metadata: Readonly<Record<string, string>>;
  readonly paid: true;
  readonly payment_intent: string;
  readonly refunded: boolean;
  readonly status: 'succeeded';
}

export interface Refund {
  readonly id: string;
  readonly object: 'refund';
  readonly amount: number;
  readonly charge: string;
  readonly created: number;
  readonly currency: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly payment_intent: string;
  readonly reason: string | null;
  readonly status: 'succeeded';
}

export interface StripeEvent {
  readonly id: string;
  readonly object: 'event';
  readonly api_version: string;
  readonly created: number;
  readonly data: { readonly object: unknown };
  readonly livemode: false;
  readonly pending_webhooks: number;
  readonly request: { readonly id: string | null; readonly idempotency_key: string | null };
  readonly type: string;
}

export class Ledger {
  private readonly sessions = new Map<string, SessionRecord>();
  /** Payment intent id -> its charge id (one charge per paid session). */
  private readonly intents = new Map<string, string>();
  private readonly charges = new Map<string, Charge>();
  private readonly refunds = new Map<string, Refund>();

  constructor(
    private readonly checkoutUrl: (sessionId: string) => string,
    private readonly apiVersion: string,
  ) {}

  createSession(params: SessionCreateParams): CheckoutSession {
    const created = now();
    if (params.expires_at !== undefined && (params.expires_at < created + MIN_LIFETIME_S || params.expires_at > created + SESSION_LIFETIME_S)) {
      throw invalidRequest({
        code: 'parameter_invalid',
        param: 'expires_at',
        message: 'The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.',
      });
    }
    const total = params.line_items.reduce((sum, item) => sum + item.price_data.unit_amount * item.quantity, 0);
    const currency = params.line_items[0]!.price_data.currency;
    const minimum = MIN_TOTAL[currency] ?? 1;
    if (total < minimum) {
      throw invalidRequest({ code: 'amount_too_small', param: 'line_items', message: `The Checkout Session's total amount due must add up to at least ${minimum} (smallest ${currency} unit).` });
    }
    const id = stripeId('cs_test', 58);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created,
      currency,
      customer: null,
      customer_details: null,
      customer_email: params.customer_email ?? null,
      expires_at: params.expires_at ?? created + SESSION_LIFETIME_S,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: params.payment_method_types ?? ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      ui_mode: 'hosted',
      url: this.checkoutUrl(id),
    };
    this.sessions.set(id, {
      session,
      lineItems: params.line_items.map((item) => ({
        name: item.price_data.product_data.name,
        ...(item.price_data.product_data.description ? { description: item.price_data.product_data.description } : {}),
        unitAmount: item.price_data.unit_amount,
        quantity: item.quantity,
      })),
      paymentIntentMetadata: params.payment_intent_data?.metadata ?? {},
      pageToken: randomBytes(18).toString('base64url'),
    });
    return session;
  }

  /** The record behind a session id, with an open session past its expiry turned expired (as Stripe does). */
  record(id: string): SessionRecord | undefined {
    const record = this.sessions.get(id);
    if (record && record.session.status === 'open' && record.session.expires_at <= now()) {
      record.session = { ...record.session, status: 'expired', url: null };
    }
    return record;
  }

  retrieveSession(id: string): CheckoutSession {
    const record = this.record(id);
    if (!record) throw noSuch('checkout.session', id, 'session');
    return record.session;
  }

  /** Pays an open session: a payment intent and its charge, the session complete and paid. */
  pay(id: string): { session: CheckoutSession; event: StripeEvent } {
    const record = this.record(id);
    if (!record) throw noSuch('checkout.session', id, 'session');
    if (record.session.status !== 'open') throw invalidRequest({ code: 'checkout_session_not_open', message: `This Checkout Session is ${record.session.status}.` });
    const paymentIntent = stripeId('pi');
    const charge: Charge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: record.session.amount_total,
      amount_captured: record.session.amount_total,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency: record.session.currency,
      livemode: false,
      metadata: record.paymentIntentMetadata,
      paid: true,
      payment_intent: paymentIntent,
      refunded: false,
      status: 'succeeded',
    };
    this.intents.set(paymentIntent, charge.id);
    this.charges.set(charge.id, charge);
    record.session = {
      ...record.session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent,
      customer_details: { email: record.session.customer_email ?? 'customer@example.test' },
      url: null,
    };
    return { session: record.session, event: this.event('checkout.session.completed', record.session) };
  }

  createRefund(params: RefundCreateParams): { refund: Refund; event: StripeEvent } {
    if (params.payment_intent === undefined && params.charge === undefined) {
      throw invalidRequest({ code: 'parameter_missing', message: 'One of the following params should be provided for this request: payment_intent or charge.' });
    }
    let charge: Charge | undefined;
    if (params.payment_intent !== undefined) {
      const chargeId = this.intents.get(params.payment_intent);
      if (!chargeId) throw noSuch('payment_intent', params.payment_intent, 'payment_intent');
      charge = this.charges.get(chargeId);
      if (params.charge !== undefined && params.charge !== chargeId) {
        throw invalidRequest({ code: 'parameter_invalid', param: 'charge', message: `Charge ${params.charge} does not belong to payment intent ${params.payment_intent}.` });
      }
    } else {
      charge = this.charges.get(params.charge!);
      if (!charge) throw noSuch('charge', params.charge!, 'charge');
    }
    const paid = charge!;
    const left = paid.amount - paid.amount_refunded;
    if (left === 0) throw invalidRequest({ code: 'charge_already_refunded', message: `Charge ${paid.id} has already been refunded.` });
    const amount = params.amount ?? left;
    if (amount > left) {
      throw invalidRequest({ code: 'amount_too_large', param: 'amount', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})` });
    }
    const refund: Refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      charge: paid.id,
      created: now(),
      currency: paid.currency,
      metadata: params.metadata ?? {},
      payment_intent: paid.payment_intent,
      reason: params.reason ?? null,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    const refunded = paid.amount_refunded + amount;
    const updated: Charge = { ...paid, amount_refunded: refunded, refunded: refunded === paid.amount };
    this.charges.set(paid.id, updated);
    return { refund, event: this.event('charge.refunded', updated) };
  }

  retrieveRefund(id: string): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw noSuch('refund', id, 'id');
    return refund;
  }

  private event(type: string, object: unknown): StripeEvent {
    return {
      id: stripeId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }
}

/**
 * Signing and delivering events the way Stripe does: the body is the event's JSON, and the `Stripe-Signature`
 * header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the endpoint's secret>`, which
 * the official SDK's stripe.webhooks.constructEvent verifies. Stripe retries failed deliveries for days; the
 * stand-in tries a few times at once and keeps the result, so a test or a person can see what happened.
 */
import { createHmac } from 'node:crypto';

/** The webhook signing secret `npm start` uses when STRIPE_WEBHOOK_SECRET is not set (docs/payments.md). Local only. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_racefinder_local_webhook_secret';

export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface Delivery {
  readonly eventId: string;
  readonly type: string;
  readonly url: string;
  /** HTTP status of the last attempt; undefined when it never got an answer. */
  readonly status?: number;
  readonly attempts: number;
  readonly ok: boolean;
  readonly error?: string;
}

export interface DeliveryOptions {
  readonly url: string;
  readonly secret: string;
  readonly attempts?: number;
  /** Milliseconds before each retry (default 200). */
  readonly retryDelayMs?: number;
  readonly timeoutMs?: number;
}

/** Posts one event; retries on a network failure or a non-2xx answer, as Stripe does. */
export async function deliverEvent(event: { readonly id: string; readonly type: string }, options: DeliveryOptions): Promise<Delivery> {
  const payload = JSON.stringify(event, null, 2);
  const attempts = options.attempts ?? 3;
  let last: Pick<Delivery, 'status' | 'error'> = {};
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      // Signed per attempt: a retry carries a fresh timestamp, as Stripe's do.
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureHeader(payload, options.secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer();
      if (response.ok) return { eventId: event.id, type: event.type, url: options.url, status: response.status, attempts: attempt, ok: true };
      last = { status: response.status };
    } catch (error) {
      last = { error: error instanceof Error ? error.message : String(error) };
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 200));
  }
  return { eventId: event.id, type: event.type, url: options.url, attempts, ok: false, ...last };
}

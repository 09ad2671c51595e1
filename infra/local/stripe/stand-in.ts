/**
 * A loopback stand-in for the parts of Stripe RaceFinder uses, speaking Stripe's v1 wire format so the
 * official `stripe` SDK runs unchanged against it (lambdas/lib/stripe.ts points the SDK's host, port and
 * protocol here when STRIPE_API_URL is set):
 *
 *   POST /v1/checkout/sessions      create a Checkout Session (mode 'payment', price_data line items)
 *   GET  /v1/checkout/sessions/:id  retrieve it
 *   POST /v1/refunds                refund a paid session's payment intent (or charge), fully or in part
 *   GET  /v1/refunds/:id            retrieve a refund
 *   GET  /c/pay/:id                 the hosted checkout page (Pay, Cancel)
 *   POST /c/pay/:id                 Pay: completes the session, delivers a signed checkout.session.completed
 *                                   event to the webhook URL, then redirects (303) to the success URL
 *   GET  /_local/deliveries         not Stripe's: the deliveries so far, for tests in another process
 *
 * Requests take form bodies with qs-style nesting and a secret key (Bearer, or Basic as `curl -u` sends);
 * answers are Stripe's objects and `{ error: { type, code, param, message } }` with Stripe's statuses. A POST
 * with an Idempotency-Key (the SDK sends one on every POST) is answered once and replayed after, as Stripe
 * does, so the SDK's automatic retries never pay or refund twice. Refunds emit charge.refunded after the
 * answer, as Stripe delivers asynchronously. State lives in memory. Listens on 127.0.0.1 only and answers only
 * loopback Host names (docs/local-stack.md "The local stack lets no one in").
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { acceptsLoopbackHost, listenOnLoopback } from '../loopback-server.ts';
import { checkoutPage, errorPage, notFoundPage, successUrlOf, type RenderedPage } from './checkout-page.ts';
import { StripeApiError, invalidRequest, type StripeErrorBody } from './errors.ts';
import { FormBodyError, parseFormBody, type FormObject } from './form-body.ts';
import { Ledger, stripeId, type StripeEvent } from './ledger.ts';
import { NoParams, RefundCreateParams, SessionCreateParams, paramError } from './params.ts';
import { LOCAL_WEBHOOK_SECRET, deliverEvent, type Delivery } from './webhooks.ts';
import type * as z from 'zod';

/** The secret key `npm start` hands the handlers and the stand-in accepts (docs/payments.md). Local only. */
export const LOCAL_SECRET_KEY = 'sk_test_racefinder_local';

const MAX_BODY_BYTES = 256 * 1024;

export interface StripeStandInOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** The secret key requests must carry (default LOCAL_SECRET_KEY). */
  readonly secretKey?: string;
  /** The webhook endpoint's signing secret (default LOCAL_WEBHOOK_SECRET). */
  readonly webhookSecret?: string;
  /** Where events are posted; settable later (the gateway may start after the stand-in). */
  readonly webhookUrl?: string;
  /** Shown on the checkout page. Default 'RaceFinder'. */
  readonly merchantName?: string;
  /** Attempts per event delivery (default 3) and the pause between them (default 200 ms). */
  readonly deliveryAttempts?: number;
  readonly retryDelayMs?: number;
  /** Where failed deliveries are reported (default console.warn). */
  readonly log?: (line: string) => void;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port>, as STRIPE_API_URL takes it. */
  readonly url: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Every event emitted, oldest first. */
  readonly events: readonly StripeEvent[];
  /** Every delivery attempted, oldest first (a redelivery adds one). */
  readonly deliveries: readonly Delivery[];
  setWebhookUrl(url: string | undefined): void;
  /** Delivers an emitted event again (Stripe's "Resend"), freshly signed. */
  redeliver(eventId: string): Promise<Delivery>;
  /** Settles when every delivery under way has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

const errorAnswer = (status: number, error: StripeErrorBody): Answer => ({ status, body: { error } });

function parse<T extends z.ZodType>(schema: T, form: FormObject): z.infer<T> {
  const result = schema.safeParse(form, { reportInput: true });
  if (!result.success) {
    const error = paramError(result.error);
    throw new StripeApiError(400, error);
  }
  return result.data;
}

/** The key from `Authorization: Bearer sk_...` or `Basic base64(sk_...:)`. */
function apiKeyOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return value?.trim();
  if (scheme?.toLowerCase() === 'basic' && value) return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Stripe's way of naming a wrong key without repeating it: the prefix and last four characters. */
const redact = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : `${key.slice(0, 3)}****`);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidRequest({ message: `Request body too large (at most ${MAX_BODY_BYTES} bytes)` }, 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? LOCAL_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? LOCAL_WEBHOOK_SECRET;
  const merchant = options.merchantName ?? 'RaceFinder';
  const log = options.log ?? ((line: string) => console.warn(line));
  let webhookUrl = options.webhookUrl;
  let baseUrl = '';
  const ledger = new Ledger((id) => `${baseUrl}/c/pay/${id}`, Stripe.API_VERSION);
  const events: StripeEvent[] = [];
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<unknown>>();
  /** Idempotency-Key -> the request's fingerprint and the answer given. */
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();

  const deliver = async (event: StripeEvent): Promise<Delivery> => {
    const delivery: Delivery = webhookUrl
      ? await deliverEvent(event, { url: webhookUrl, secret: webhookSecret, attempts: options.deliveryAttempts, retryDelayMs: options.retryDelayMs })
      : { eventId: event.id, type: event.type, url: '', attempts: 0, ok: false, error: 'no webhook URL is configured' };
    deliveries.push(delivery);
    if (!delivery.ok) log(`Stripe stand-in: ${event.type} ${event.id} was not delivered to ${delivery.url || '(none)'}: ${delivery.status ?? delivery.error}`);
    return delivery;
  };
  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
    return promise;
  };
  const emit = (event: StripeEvent, background: boolean): Promise<Delivery> | undefined => {
    events.push(event);
    const delivery = track(deliver(event));
    return background ? undefined : delivery;
  };

  /** The v1 API: one answer per request, Stripe errors thrown as StripeApiError. */
  const api = (method: string, path: string, form: FormObject): Answer => {
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: ledger.createSession(parse(SessionCreateParams, form)) };
    if (method === 'GET' && session) {
      parse(NoParams, form);
      return { status: 200, body: ledger.retrieveSession(decodeURIComponent(session[1]!)) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const created = ledger.createRefund(parse(RefundCreateParams, form));
      // Stripe answers first and delivers the event afterwards.
      setImmediate(() => emit(created.event, true));
      return { status: 200, body: created.refund };
    }
    if (method === 'GET' && refund) {
      parse(NoParams, form);
      return { status: 200, body: ledger.retrieveRefund(decodeURIComponent(refund[1]!)) };
    }
    throw invalidRequest(
      { message: `Unrecognized request URL (${method}: ${path}). This local Stripe stand-in serves Checkout Sessions and Refunds only.` },
      404,
    );
  };

  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const method = request.method ?? 'GET';
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'request-id': stripeId('req', 14),
      'stripe-version': (request.headers['stripe-version'] as string | undefined) ?? Stripe.API_VERSION,
    };
    const send = (answer: Answer, extra: Record<string, string> = {}) => {
      response.writeHead(answer.status, { ...headers, ...extra });
      response.end(JSON.stringify(answer.body, null, 2));
    };
    try {
      const key = apiKeyOf(request.headers.authorization);
      if (!key) {
        return send(errorAnswer(401, { type: 'authentication_error', message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')." }));
      }
      if (!sameSecret(key, secretKey)) {
        return send(errorAnswer(401, { type: 'authentication_error', code: 'api_key_invalid', message: `Invalid API Key provided: ${redact(key)}` }));
      }
      const body = await readBody(request);
      if (method === 'POST' && body && !/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
        throw invalidRequest({ message: 'Invalid request: Stripe takes application/x-www-form-urlencoded bodies.' });
      }
      const form = parseFormBody(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
      const idempotencyKey = method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
      if (idempotencyKey) {
        headers['idempotency-key'] = idempotencyKey;
        const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${body}`).digest('hex');
        const earlier = idempotent.get(idempotencyKey);
        if (earlier && earlier.fingerprint !== fingerprint) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        if (earlier) return send(earlier.answer, { 'idempotent-replayed': 'true' });
        const answer = answerOf(() => api(method, url.pathname, form), log);
        // Stripe keeps the answer, validation errors included, so a retry sees the same result; a 500 may be retried.
        if (answer.status < 500) idempotent.set(idempotencyKey, { fingerprint, answer });
        return send(answer);
      }
      return send(answerOf(() => api(method, url.pathname, form), log));
    } catch (error) {
      return send(
        answerOf(() => {
          throw error;
        }, log),
      );
    }
  };

  const sendPage = (response: ServerResponse, page: RenderedPage) => {
    response.writeHead(page.status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': page.csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    response.end(page.html);
  };

  const handleCheckout = async (request: IncomingMessage, response: ServerResponse, sessionId: string) => {
    const record = ledger.record(sessionId);
    if (!record) return sendPage(response, notFoundPage());
    if (request.method === 'GET') return sendPage(response, checkoutPage(record, merchant));
    if (request.method !== 'POST') return sendPage(response, errorPage(405, 'Not allowed', 'The checkout page takes GET and its own Pay form only.'));
    const form = parseFormBody(await readBody(request));
    const token = typeof form.page_token === 'string' ? form.page_token : '';
    if (!sameSecret(token, record.pageToken)) {
      return sendPage(response, errorPage(403, 'Payment not accepted', 'This payment did not come from the checkout page. Open the checkout link again and press Pay there.'));
    }
    // A second press of Pay (or a resubmitted form) finds the session paid and goes back to the app.
    if (record.session.status === 'open') {
      const { event } = ledger.pay(sessionId);
      await emit(event, false);
    }
    if (record.session.status === 'expired') return sendPage(response, checkoutPage(record, merchant));
    response.writeHead(303, { location: successUrlOf(record.session.success_url, record.session.id), 'cache-control': 'no-store' });
    response.end();
  };

  const server = createServer((request, response) => {
    if (!acceptsLoopbackHost(request, response, 'Stripe')) return;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const checkout = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (url.pathname === '/_local/deliveries') {
      const allowed = sameSecret(apiKeyOf(request.headers.authorization) ?? '', secretKey);
      response.writeHead(allowed ? 200 : 401, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(allowed ? { deliveries } : { error: { type: 'authentication_error', message: 'Send the secret key' } }));
      return;
    }
    const handled = url.pathname.startsWith('/v1/')
      ? handleApi(request, response, url)
      : checkout
        ? handleCheckout(request, response, decodeURIComponent(checkout[1]!))
        : Promise.resolve(sendPage(response, notFoundPage()));
    handled.catch((error: unknown) => {
      const status = error instanceof StripeApiError ? error.status : error instanceof FormBodyError ? 400 : 500;
      if (status === 500) log(`Stripe stand-in: ${error instanceof Error ? error.stack : String(error)}`);
      if (!response.headersSent) sendPage(response, errorPage(status, 'Request not accepted', error instanceof Error ? error.message : 'Unexpected error'));
      else response.end();
    });
  });

  const listener = await listenOnLoopback(server, options.port ?? 0);
  baseUrl = listener.url;
  return {
    url: listener.url,
    secretKey,
    webhookSecret,
    events,
    deliveries,
    setWebhookUrl: (next) => {
      webhookUrl = next;
    },
    redeliver: (eventId) => {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) return Promise.reject(new Error(`No event ${eventId}`));
      return track(deliver(event));
    },
    idle: async () => {
      // Refund events start on the next tick; let them register before waiting.
      await new Promise((resolve) => setImmediate(resolve));
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    stop: async () => {
      await Promise.allSettled([...pending]);
      await listener.close();
    },
  };
}

/** Runs one API call and turns a thrown Stripe or form error into Stripe's error answer. */
function answerOf(call: () => Answer, log: (line: string) => void): Answer {
  try {
    return call();
  } catch (error) {
    if (error instanceof StripeApiError) return errorAnswer(error.status, error.body);
    if (error instanceof FormBodyError) return errorAnswer(400, { type: 'invalid_request_error', code: 'parameter_invalid', param: error.param, message: error.message });
    log(`Stripe stand-in: ${error instanceof Error ? error.stack : String(error)}`);
    return errorAnswer(500, { type: 'api_error', message: 'The local Stripe stand-in failed on this request; see its log.' });
  }
}

/**
 * The local Stripe stand-in driven by the official `stripe` SDK, as the handlers will drive it: sessions,
 * the checkout page over real HTTP, signed webhooks verified by the SDK, refunds, and Stripe's error shapes.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenOnLoopback, type LoopbackListener } from '../../../infra/local/loopback-server.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../infra/local/stripe/stand-in.ts';
import { createStripeClient, verifyWebhook } from '../../../lambdas/lib/stripe.ts';

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook endpoint that keeps every request's raw body and answers `status`. */
let received: Received[] = [];
let endpointStatus = 200;
let endpoint: LoopbackListener;
let standIn: StripeStandIn;
let client: Stripe;
const logged: string[] = [];

beforeAll(async () => {
  endpoint = await listenOnLoopback(
    createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(endpointStatus).end();
      });
    }),
  );
  standIn = await startStripeStandIn({ webhookUrl: `${endpoint.url}/api/stripe/webhook`, retryDelayMs: 1, log: (line) => logged.push(line) });
  const url = new URL(standIn.url);
  client = createStripeClient({ secretKey: standIn.secretKey, webhookSecret: standIn.webhookSecret, api: { host: url.hostname, port: Number(url.port), protocol: 'http' } });
});
afterAll(async () => {
  await standIn.stop();
  await endpoint.close();
});
beforeEach(async () => {
  await standIn.idle();
  received = [];
  endpointStatus = 200;
  standIn.setWebhookUrl(`${endpoint.url}/api/stripe/webhook`);
});

const SUCCESS = 'http://localhost:3000/promote-event/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://localhost:3000/promote-event/cancelled';

function sessionParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 7,
        price_data: { currency: 'usd', unit_amount: 300, product_data: { name: 'Premium promotion', description: 'Boulder Marathon, Colorado, 7 days' } },
      },
    ],
    success_url: SUCCESS,
    cancel_url: CANCEL,
    client_reference_id: 'promo-123',
    metadata: { promotionId: 'promo-123', eventId: 'evt-9' },
    ...overrides,
  };
}

/** Opens the checkout page and presses Pay with its own form fields, as a browser would. */
async function pay(session: Stripe.Checkout.Session): Promise<Response> {
  const page = await fetch(session.url!);
  const html = await page.text();
  const token = /name="page_token" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeDefined();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  return fetch(new URL(action, session.url!), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ page_token: token! }).toString(),
    redirect: 'manual',
  });
}

async function stripeError(promise: Promise<unknown>): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as InstanceType<typeof Stripe.errors.StripeError>;
}

describe('Checkout Sessions through the official SDK', () => {
  it('creates a session priced from its line items and retrieves the same session', async () => {
    const session = await client.checkout.sessions.create(sessionParams());
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2100,
      amount_subtotal: 2100,
      currency: 'usd',
      client_reference_id: 'promo-123',
      metadata: { promotionId: 'promo-123', eventId: 'evt-9' },
      success_url: SUCCESS,
      cancel_url: CANCEL,
      payment_intent: null,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session.url).toBe(`${standIn.url}/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 3600);
    expect(session.lastResponse.requestId).toMatch(/^req_/);

    const retrieved = await client.checkout.sessions.retrieve(session.id);
    expect(JSON.parse(JSON.stringify(retrieved))).toEqual(JSON.parse(JSON.stringify(session)));
  });

  it('reads a body whose brackets are percent-encoded, as clients other than the SDK send it', async () => {
    const body = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'USD',
      'line_items[0][price_data][unit_amount]': '100',
      'line_items[0][price_data][product_data][name]': 'Featured promotion',
      'line_items[0][quantity]': '2',
      success_url: SUCCESS,
    }).toString();
    expect(body).toContain('%5B0%5D');
    const response = await fetch(`${standIn.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: 'checkout.session', amount_total: 200, currency: 'usd', cancel_url: null });
  });

  it('answers a retried POST (same Idempotency-Key) with the first session, marked as replayed', async () => {
    const first = await client.checkout.sessions.create(sessionParams(), { idempotencyKey: 'retry-1' });
    const again = await client.checkout.sessions.create(sessionParams(), { idempotencyKey: 'retry-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const error = await stripeError(client.checkout.sessions.create(sessionParams({ client_reference_id: 'other' }), { idempotencyKey: 'retry-1' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
  });
});

describe('the checkout page', () => {
  it('shows what is bought, the total, Pay and Cancel, as a plain accessible page', async () => {
    const session = await client.checkout.sessions.create(sessionParams());
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Pay RaceFinder</h1>');
    expect(html).toContain('Premium promotion');
    expect(html).toContain('Boulder Marathon, Colorado, 7 days');
    expect(html).toContain('<button type="submit">Pay $21.00</button>');
    expect(html).toContain(`<a class="link-button" href="${CANCEL}">Cancel and return to RaceFinder</a>`);
    expect(html).toContain('No card is charged');
  });

  it('Pay completes the session, posts a signed checkout.session.completed the SDK verifies, then returns to the success URL', async () => {
    const session = await client.checkout.sessions.create(sessionParams());
    const response = await pay(session);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://localhost:3000/promote-event/success?session_id=${session.id}`);

    // Delivered before the redirect: the app's success page already finds the promotion paid.
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.path).toBe('/api/stripe/webhook');
    expect(delivery!.headers['content-type']).toBe('application/json; charset=utf-8');
    const signature = delivery!.headers['stripe-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = Stripe.webhooks.constructEvent(delivery!.body, signature, standIn.webhookSecret, 300);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.id).toMatch(/^evt_/);
    expect(event.api_version).toBe(Stripe.API_VERSION);
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 2100,
      currency: 'usd',
      client_reference_id: 'promo-123',
      metadata: { promotionId: 'promo-123', eventId: 'evt-9' },
    });
    expect(completed.payment_intent).toMatch(/^pi_/);
    // The handlers' own verification (lambdas/lib/stripe.ts) accepts it too.
    expect(verifyWebhook(delivery!.body, signature, standIn.webhookSecret).id).toBe(event.id);

    const retrieved = await client.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: completed.payment_intent, url: null });
  });

  it('a second Pay returns to the success URL without paying or notifying twice', async () => {
    const session = await client.checkout.sessions.create(sessionParams());
    const page = await (await fetch(session.url!)).text();
    const token = /name="page_token" value="([^"]+)"/.exec(page)![1]!;
    const submit = () =>
      fetch(session.url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `page_token=${encodeURIComponent(token)}`, redirect: 'manual' });
    expect((await submit()).status).toBe(303);
    expect((await submit()).status).toBe(303);
    expect(received).toHaveLength(1);
    const paidPage = await (await fetch(session.url!)).text();
    expect(paidPage).toContain('<h1>Payment complete</h1>');
  });

  it('refuses a Pay that did not come from the page (no page token), leaving the session open', async () => {
    const session = await client.checkout.sessions.create(sessionParams());
    const response = await fetch(session.url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'page_token=guess', redirect: 'manual' });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Payment not accepted');
    expect(received).toHaveLength(0);
    expect((await client.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('Cancel leads to the cancel URL and leaves the session open and unpaid, with no event', async () => {
    const session = await client.checkout.sessions.create(sessionParams());
    const html = await (await fetch(session.url!)).text();
    const cancelHref = /<a class="link-button" href="([^"]+)">Cancel/.exec(html)![1]!;
    expect(cancelHref).toBe(CANCEL);
    expect(await client.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect(received).toHaveLength(0);
  });

  it('expires an unpaid session after its lifetime: retrieve says expired, the page says so and Pay charges nothing', async () => {
    const session = await client.checkout.sessions.create(sessionParams({ expires_at: Math.floor(Date.now() / 1000) + 3600 }));
    const html = await (await fetch(session.url!)).text();
    const token = /name="page_token" value="([^"]+)"/.exec(html)![1]!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601 * 1000 });
    try {
      expect(await client.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', payment_status: 'unpaid', url: null });
      const page = await fetch(session.url!);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain('This checkout has expired');
      const paid = await fetch(session.url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `page_token=${encodeURIComponent(token)}`, redirect: 'manual' });
      expect(paid.status).toBe(410);
      expect(received).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an expiry under 30 minutes or over 24 hours away', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const expiresAt of [now + 60, now + 25 * 3600]) {
      const error = await stripeError(client.checkout.sessions.create(sessionParams({ expires_at: expiresAt })));
      expect(error).toMatchObject({ statusCode: 400, param: 'expires_at' });
    }
  });

  it('answers 404 with a page for an unknown session', async () => {
    const response = await fetch(`${standIn.url}/c/pay/cs_test_unknown`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Checkout not found');
  });

  it('still returns to the app when the webhook endpoint fails, after retrying and reporting it', async () => {
    endpointStatus = 500;
    const session = await client.checkout.sessions.create(sessionParams());
    const response = await pay(session);
    expect(response.status).toBe(303);
    expect(received).toHaveLength(3);
    const delivery = standIn.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ ok: false, status: 500, attempts: 3, type: 'checkout.session.completed' });
    expect(logged.at(-1)).toContain('was not delivered');

    const listed = await fetch(`${standIn.url}/_local/deliveries`, { headers: { authorization: `Bearer ${standIn.secretKey}` } });
    expect(((await listed.json()) as { deliveries: unknown[] }).deliveries.at(-1)).toEqual(delivery);
    expect((await fetch(`${standIn.url}/_local/deliveries`)).status).toBe(401);

    // Stripe's "Resend": the same event, freshly signed, once the endpoint is back.
    endpointStatus = 200;
    const again = await standIn.redeliver(delivery.eventId);
    expect(again).toMatchObject({ ok: true, attempts: 1 });
    const last = received.at(-1)!;
    expect(verifyWebhook(last.body, last.headers['stripe-signature'] as string, standIn.webhookSecret).id).toBe(delivery.eventId);
  });
});

describe('refunds', () => {
  async function paidSession(): Promise<Stripe.Checkout.Session> {
    const session = await client.checkout.sessions.create(sessionParams());
    await pay(session);
    received = [];
    return client.checkout.sessions.retrieve(session.id);
  }

  it('refunds a paid session in full and emits a signed charge.refunded', async () => {
    const session = await paidSession();
    const refund = await client.refunds.create({ payment_intent: session.payment_intent as string, reason: 'requested_by_customer', metadata: { promotionId: 'promo-123' } });
    expect(refund).toMatchObject({ object: 'refund', status: 'succeeded', amount: 2100, currency: 'usd', payment_intent: session.payment_intent, reason: 'requested_by_customer' });
    expect(refund.id).toMatch(/^re_/);
    expect(await client.refunds.retrieve(refund.id)).toMatchObject({ id: refund.id, amount: 2100 });

    await standIn.idle();
    expect(received).toHaveLength(1);
    const event = Stripe.webhooks.constructEvent(received[0]!.body, received[0]!.headers['stripe-signature'] as string, standIn.webhookSecret);
    expect(event.type).toBe('charge.refunded');
    expect(event.data.object).toMatchObject({ object: 'charge', amount: 2100, amount_refunded: 2100, refunded: true, payment_intent: session.payment_intent });

    const again = await stripeError(client.refunds.create({ payment_intent: session.payment_intent as string }));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refunds in parts up to what was paid, by payment intent or charge', async () => {
    const session = await paidSession();
    const first = await client.refunds.create({ payment_intent: session.payment_intent as string, amount: 600 });
    expect(first.amount).toBe(600);
    const tooMuch = await stripeError(client.refunds.create({ charge: first.charge as string, amount: 1600 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    const rest = await client.refunds.create({ charge: first.charge as string });
    expect(rest.amount).toBe(1500);
    await standIn.idle();
    const amounts = received.map((delivery) => (JSON.parse(delivery.body) as Stripe.ChargeRefundedEvent).data.object.amount_refunded);
    expect(amounts).toEqual([600, 2100]);
  });

  it('refuses to refund an unpaid session, an unknown payment or a request naming neither', async () => {
    const unknown = await stripeError(client.refunds.create({ payment_intent: 'pi_unknown' }));
    expect(unknown).toMatchObject({ statusCode: 404, type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'payment_intent' });
    expect(unknown.message).toBe("No such payment_intent: 'pi_unknown'");
    const neither = await stripeError(client.refunds.create({}));
    expect(neither).toMatchObject({ statusCode: 400, code: 'parameter_missing' });
    const missing = await stripeError(client.refunds.retrieve('re_unknown'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe("Stripe's error shapes", () => {
  const invalid = async (params: Stripe.Checkout.SessionCreateParams) => {
    const error = await stripeError(client.checkout.sessions.create(params));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe('StripeInvalidRequestError');
    expect(error.raw).toMatchObject({ type: 'invalid_request_error' });
    return { code: error.code, param: error.param, message: error.message };
  };
  const line = (priceData: Record<string, unknown>, quantity: unknown = 1) =>
    [{ quantity, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Spotlight promotion' }, ...priceData } }] as unknown as Stripe.Checkout.SessionCreateParams.LineItem[];

  it.each([
    ['a missing mode', { mode: undefined }, 'parameter_missing', 'mode'],
    ['a subscription', { mode: 'subscription' }, 'parameter_invalid', 'mode'],
    ['no line items', { line_items: undefined }, 'parameter_missing', 'line_items'],
    ['an empty amount', { line_items: line({ unit_amount: '' }) }, 'parameter_invalid_integer', 'line_items[0][price_data][unit_amount]'],
    ['a fractional amount', { line_items: line({ unit_amount: 1.5 }) }, 'parameter_invalid_integer', 'line_items[0][price_data][unit_amount]'],
    ['a negative amount', { line_items: line({ unit_amount: -5 }) }, 'parameter_invalid', 'line_items[0][price_data][unit_amount]'],
    ['no currency', { line_items: line({ currency: undefined }) }, 'parameter_missing', 'line_items[0][price_data][currency]'],
    ['a bad currency', { line_items: line({ currency: 'dollars' }) }, 'parameter_invalid', 'line_items[0][price_data][currency]'],
    ['no product name', { line_items: line({ product_data: { description: 'Seven days' } }) }, 'parameter_missing', 'line_items[0][price_data][product_data][name]'],
    ['no product at all', { line_items: line({ product_data: undefined }) }, 'parameter_missing', 'line_items[0][price_data][product_data]'],
    ['quantity 0', { line_items: line({}, 0) }, 'parameter_invalid', 'line_items[0][quantity]'],
    ['no quantity', { line_items: line({}, null).map(({ price_data }) => ({ price_data })) }, 'parameter_missing', 'line_items[0][quantity]'],
    ['no success URL', { success_url: undefined }, 'parameter_missing', 'success_url'],
    ['a success URL that is no URL', { success_url: 'promote-event/success' }, 'url_invalid', 'success_url'],
    ['a javascript: cancel URL', { cancel_url: 'javascript:alert(1)' }, 'url_invalid', 'cancel_url'],
    ['a parameter it does not model', { allow_promotion_codes: true }, 'parameter_unknown', 'allow_promotion_codes'],
    ['an unknown price_data field', { line_items: line({ recurring: { interval: 'month' } }) }, 'parameter_unknown', 'line_items[0][price_data][recurring]'],
    ['a reference id over 200 characters', { client_reference_id: 'x'.repeat(201) }, 'parameter_invalid', 'client_reference_id'],
  ] as const)('refuses %s with 400 %s on %s', async (_label, overrides, code, param) => {
    const params = { ...sessionParams(), ...(overrides as object) } as Stripe.Checkout.SessionCreateParams;
    expect(await invalid(params)).toMatchObject({ code, param });
  });

  it('names the missing parameter the way Stripe does', async () => {
    expect((await invalid({ ...sessionParams(), success_url: undefined } as unknown as Stripe.Checkout.SessionCreateParams)).message).toBe('Missing required param: success_url.');
  });

  it('refuses line items in two currencies and a total under the minimum charge', async () => {
    const mixed = [...line({}), ...line({ currency: 'eur' })];
    expect(await invalid(sessionParams({ line_items: mixed }))).toMatchObject({ param: 'line_items', message: expect.stringContaining('same currency') as string });
    expect(await invalid(sessionParams({ line_items: line({ unit_amount: 49 }) }))).toMatchObject({ code: 'amount_too_small' });
  });

  it('answers 404 resource_missing for an unknown session', async () => {
    const error = await stripeError(client.checkout.sessions.retrieve('cs_test_nope'));
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'session', message: "No such checkout.session: 'cs_test_nope'" });
  });

  it('refuses a wrong secret key (401 StripeAuthenticationError) and a request without one', async () => {
    const url = new URL(standIn.url);
    const wrong = createStripeClient({ secretKey: 'sk_test_not_the_local_key', webhookSecret: standIn.webhookSecret, api: { host: url.hostname, port: Number(url.port), protocol: 'http' } });
    const error = await stripeError(wrong.checkout.sessions.create(sessionParams()));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toBe('Invalid API Key provided: sk_test_*************_key');
    const short = await stripeError(createStripeClient({ secretKey: 'sk_test_abc', webhookSecret: standIn.webhookSecret, api: { host: url.hostname, port: Number(url.port), protocol: 'http' } }).refunds.retrieve('re_x'));
    expect(short.message).toBe('Invalid API Key provided: sk_****');

    const anonymous = await fetch(`${standIn.url}/v1/checkout/sessions/cs_test_x`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'authentication_error' } });
  });

  it('accepts the key as Basic auth, as curl -u sends it', async () => {
    const response = await fetch(`${standIn.url}/v1/checkout/sessions/cs_test_x`, { headers: { authorization: `Basic ${Buffer.from(`${standIn.secretKey}:`).toString('base64')}` } });
    expect(response.status).toBe(404);
  });

  it('refuses an unknown API path, a JSON body and query parameters it does not model', async () => {
    const headers = { authorization: `Bearer ${standIn.secretKey}` };
    const unknown = await fetch(`${standIn.url}/v1/customers`, { headers });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('Unrecognized request URL (GET: /v1/customers)');
    const json = await fetch(`${standIn.url}/v1/checkout/sessions`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(sessionParams()) });
    expect(json.status).toBe(400);
    const expand = await stripeError(client.checkout.sessions.retrieve('cs_test_x', { expand: ['payment_intent'] }));
    expect(expand).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'expand' });
  });

  it('answers only loopback host names', async () => {
    const { request } = await import('node:http');
    const url = new URL(standIn.url);
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: url.hostname, port: url.port, path: '/v1/checkout/sessions/x', headers: { host: 'evil.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });
});

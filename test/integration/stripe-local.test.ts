/**
 * The local stack's Stripe: the handlers' SDK client (lambdas/lib/stripe.ts, configured from the environment
 * the stack writes) reaches the stack's stand-in, and paying on its checkout page posts the signed event to
 * the gateway's webhook route before returning to the app.
 */
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../infra/local/stripe/webhooks.ts';
import { stripe, stripeSettingsFromEnv } from '../../lambdas/lib/stripe.ts';

const stack = inject('localStack');

describe('the local Stripe stand-in in the local stack', () => {
  it('is what the handlers\' environment points the SDK at, with the stack\'s key and webhook secret', () => {
    const settings = stripeSettingsFromEnv();
    const url = new URL(stack.stripe.url);
    expect(settings).toEqual({
      secretKey: stack.stripe.secretKey,
      webhookSecret: stack.stripe.webhookSecret,
      api: { host: url.hostname, port: Number(url.port), protocol: 'http' },
    });
    expect(settings.webhookSecret).toMatch(/^whsec_/);
  });

  it('creates a session through the handlers\' client, and Pay posts checkout.session.completed to the gateway\'s webhook route', async () => {
    const session = await (await stripe()).checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 2, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Featured promotion' } } }],
      success_url: `${stack.url}/promote-event?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${stack.url}/promote-event`,
      client_reference_id: 'integration-promo',
    });
    expect(session.url?.startsWith(`${stack.stripe.url}/c/pay/`)).toBe(true);

    const html = await (await fetch(session.url!)).text();
    const token = /name="page_token" value="([^"]+)"/.exec(html)![1]!;
    const paid = await fetch(session.url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `page_token=${encodeURIComponent(token)}`, redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${stack.url}/promote-event?session_id=${session.id}`);

    const listed = await fetch(`${stack.stripe.url}/_local/deliveries`, { headers: { authorization: `Bearer ${stack.stripe.secretKey}` } });
    const { deliveries } = (await listed.json()) as { deliveries: Delivery[] };
    expect(deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', url: `${stack.url}/api/stripe/webhook` });
    // The webhook route verified it and refused it: 'integration-promo' names no promotion (promotions.test.ts pays real ones).
    expect(deliveries.at(-1)!.status).toBe(422);
    expect(await (await stripe()).checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });
});

import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TOLERANCE_S, WebhookSignatureError, loadStripeSettings, stripeSettingsFromEnv, verifyWebhook, verifyWebhookRequest } from '../../../lambdas/lib/stripe.ts';
import { signatureHeader } from '../../../infra/local/stripe/webhooks.ts';

const SECRET = 'whsec_unit_test_secret';
const NOW_MS = Date.UTC(2030, 5, 1, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_1', object: 'checkout.session', amount_total: 700, currency: 'usd', client_reference_id: 'promo-1' } },
});

function refusal(run: () => unknown): WebhookSignatureError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(WebhookSignatureError);
  expect((caught as WebhookSignatureError).status).toBe(400);
  return caught as WebhookSignatureError;
}

describe('verifyWebhook', () => {
  it('accepts an event signed with the endpoint secret, by the SDK or by the stand-in', () => {
    const bySdk = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: NOW_S });
    expect(verifyWebhook(payload, bySdk, SECRET, NOW_MS)).toMatchObject({ id: 'evt_1', type: 'checkout.session.completed' });
    expect(verifyWebhook(Buffer.from(payload), signatureHeader(payload, SECRET, NOW_S), SECRET, NOW_MS).id).toBe('evt_1');
  });

  it('refuses a signature made with another secret (forged)', () => {
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker', timestamp: NOW_S });
    expect(refusal(() => verifyWebhook(payload, forged, SECRET, NOW_MS)).message).toContain('No signatures found matching');
  });

  it('refuses a body changed after signing (the amount raised)', () => {
    const header = signatureHeader(payload, SECRET, NOW_S);
    refusal(() => verifyWebhook(payload.replace('"amount_total":700', '"amount_total":7'), header, SECRET, NOW_MS));
    // Re-serializing the JSON (spaces) also breaks it: the raw body is what is signed.
    refusal(() => verifyWebhook(JSON.stringify(JSON.parse(payload), null, 1), header, SECRET, NOW_MS));
  });

  it(`accepts a signature up to ${WEBHOOK_TOLERANCE_S} s old and refuses a stale one`, () => {
    expect(verifyWebhook(payload, signatureHeader(payload, SECRET, NOW_S - WEBHOOK_TOLERANCE_S), SECRET, NOW_MS).id).toBe('evt_1');
    const stale = refusal(() => verifyWebhook(payload, signatureHeader(payload, SECRET, NOW_S - WEBHOOK_TOLERANCE_S - 1), SECRET, NOW_MS));
    expect(stale.message).toContain('Timestamp outside the tolerance zone');
  });

  it('refuses a timestamp further in the future than the tolerance', () => {
    expect(verifyWebhook(payload, signatureHeader(payload, SECRET, NOW_S + 60), SECRET, NOW_MS).id).toBe('evt_1');
    expect(refusal(() => verifyWebhook(payload, signatureHeader(payload, SECRET, NOW_S + WEBHOOK_TOLERANCE_S + 1), SECRET, NOW_MS)).message).toContain('future');
  });

  it('refuses a missing or malformed header, a replayed signature with a new timestamp, and an empty body', () => {
    refusal(() => verifyWebhook(payload, undefined, SECRET, NOW_MS));
    refusal(() => verifyWebhook(payload, 'v1=abc', SECRET, NOW_MS));
    const signed = signatureHeader(payload, SECRET, NOW_S - 1000);
    const retimed = signed.replace(/^t=\d+/, `t=${NOW_S}`);
    refusal(() => verifyWebhook(payload, retimed, SECRET, NOW_MS));
    refusal(() => verifyWebhook('', signatureHeader('', SECRET, NOW_S), SECRET, NOW_MS));
  });

  it('refuses a correctly signed body that is not JSON', () => {
    refusal(() => verifyWebhook('not json', signatureHeader('not json', SECRET, NOW_S), SECRET, NOW_MS));
  });
});

describe('verifyWebhookRequest', () => {
  it('verifies the body API Gateway hands over, base64-encoded or not, with the lower-cased header', () => {
    const headers = { 'stripe-signature': signatureHeader(payload, SECRET, NOW_S), 'content-type': 'application/json' };
    expect(verifyWebhookRequest({ body: payload, isBase64Encoded: false, headers }, SECRET, NOW_MS).id).toBe('evt_1');
    expect(verifyWebhookRequest({ body: Buffer.from(payload).toString('base64'), isBase64Encoded: true, headers }, SECRET, NOW_MS).id).toBe('evt_1');
  });

  it('refuses a request without the header or without a body', () => {
    refusal(() => verifyWebhookRequest({ body: payload, headers: {} }, SECRET, NOW_MS));
    refusal(() => verifyWebhookRequest({ headers: { 'stripe-signature': signatureHeader(payload, SECRET, NOW_S) } }, SECRET, NOW_MS));
  });
});

describe('stripeSettingsFromEnv', () => {
  const base = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

  it('talks to api.stripe.com unless STRIPE_API_URL names the local stand-in', () => {
    expect(stripeSettingsFromEnv(base)).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' });
    expect(stripeSettingsFromEnv({ ...base, STRIPE_API_URL: 'http://127.0.0.1:4242' }).api).toEqual({ host: '127.0.0.1', port: 4242, protocol: 'http' });
    expect(stripeSettingsFromEnv({ ...base, STRIPE_API_URL: 'https://stripe.internal.example' }).api).toEqual({ host: 'stripe.internal.example', port: 443, protocol: 'https' });
  });

  it('accepts a restricted key', () => {
    expect(stripeSettingsFromEnv({ ...base, STRIPE_SECRET_KEY: 'rk_live_x' }).secretKey).toBe('rk_live_x');
  });

  it('names a missing or malformed variable', () => {
    expect(() => stripeSettingsFromEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow('Missing required environment variable STRIPE_SECRET_KEY');
    expect(() => stripeSettingsFromEnv({ ...base, STRIPE_SECRET_KEY: 'pk_test_publishable' })).toThrow('STRIPE_SECRET_KEY must start with sk_');
    expect(() => stripeSettingsFromEnv({ ...base, STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow('STRIPE_WEBHOOK_SECRET must start with whsec_');
    expect(() => stripeSettingsFromEnv({ ...base, STRIPE_API_URL: 'ftp://x' })).toThrow('STRIPE_API_URL');
  });
});

describe('loadStripeSettings', () => {
  const local = { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_local' };

  it('reads the keys from Secrets Manager when the environment names the secrets, and never asks otherwise', async () => {
    const asked: string[] = [];
    const reader = async (name: string) => {
      asked.push(name);
      return name === 'racefinder/stripe-key' ? 'sk_live_from_secret' : 'whsec_from_secret';
    };
    const settings = await loadStripeSettings({ STRIPE_SECRET_KEY_SECRET_NAME: 'racefinder/stripe-key', STRIPE_WEBHOOK_SECRET_SECRET_NAME: 'racefinder/stripe-webhook' }, reader);
    expect(settings).toEqual({ secretKey: 'sk_live_from_secret', webhookSecret: 'whsec_from_secret' });
    expect(asked.sort()).toEqual(['racefinder/stripe-key', 'racefinder/stripe-webhook']);

    asked.length = 0;
    expect(await loadStripeSettings(local, reader)).toEqual({ secretKey: 'sk_test_local', webhookSecret: 'whsec_local' });
    expect(asked).toEqual([]);
  });

  it('refuses a secret whose value is not a Stripe key, naming the variable', async () => {
    await expect(
      loadStripeSettings({ STRIPE_SECRET_KEY_SECRET_NAME: 'key', STRIPE_WEBHOOK_SECRET_SECRET_NAME: 'hook' }, async () => 'not-a-key'),
    ).rejects.toThrow(/STRIPE_SECRET_KEY must start with sk_/);
  });
});

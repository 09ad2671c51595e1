/**
 * The one place the handlers reach Stripe: the official SDK's client, built from the environment, and webhook
 * verification. Variables (infra/lambda-environment.ts stripeEnvironment writes them):
 *
 * - STRIPE_SECRET_KEY: the API secret key (`sk_test_...` / `sk_live_...`; locally the stand-in's key).
 * - STRIPE_WEBHOOK_SECRET: the webhook endpoint's signing secret (`whsec_...`).
 * - STRIPE_API_URL: set only off AWS: the local stand-in (infra/local/stripe/stand-in.ts), e.g.
 *   http://127.0.0.1:4242; the SDK then talks to its host, port and protocol instead of api.stripe.com.
 * - In AWS, instead of the two values: STRIPE_SECRET_KEY_SECRET_NAME and STRIPE_WEBHOOK_SECRET_SECRET_NAME, the
 *   Secrets Manager secrets that hold them (deploy context stripeSecretKeyName / stripeWebhookSecretName, see
 *   infra/deploy-config.ts). They are read once per cold start, on first use; the values never pass through
 *   the template, the environment or the code.
 *
 * Webhooks are verified on the raw body with the SDK's constructEvent (HMAC-SHA256 of `${t}.${body}`) and a
 * 300 s tolerance. The SDK only refuses timestamps that are too old; a timestamp more than the tolerance in the
 * future is refused here too, so a signature minted ahead of time cannot be replayed for longer.
 */
import Stripe from 'stripe';
import { HttpError, ServiceUnavailableError } from './errors.ts';
import { logger } from './logger.ts';
import { readSecretValue, type SecretReader } from './secrets.ts';

export type { SecretReader };

export const WEBHOOK_TOLERANCE_S = 300;

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Off AWS only: where the stand-in answers. */
  readonly api?: { readonly host: string; readonly port: number; readonly protocol: 'http' | 'https' };
}

/** A webhook whose signature, timestamp or body does not verify: 400, as Stripe expects from an endpoint that refuses. */
export class WebhookSignatureError extends HttpError {
  constructor(reason: string) {
    super(400, 'invalid_signature', `Webhook signature verification failed: ${reason}`);
  }
}

function required(env: NodeJS.ProcessEnv, name: string, prefix: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  if (!value.startsWith(prefix)) throw new Error(`${name} must start with ${prefix}`);
  return value;
}

/** Reads the settings; throws naming the variable when one is missing or malformed. */
export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): StripeSettings {
  const apiUrl = env.STRIPE_API_URL?.trim();
  let api: StripeSettings['api'];
  if (apiUrl) {
    const url = new URL(apiUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('STRIPE_API_URL must be an http(s) URL');
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
  }
  return {
    // Restricted keys (rk_) work for what RaceFinder does and are the safer choice in production.
    secretKey: /^rk_/.test(env.STRIPE_SECRET_KEY?.trim() ?? '') ? required(env, 'STRIPE_SECRET_KEY', 'rk_') : required(env, 'STRIPE_SECRET_KEY', 'sk_'),
    webhookSecret: required(env, 'STRIPE_WEBHOOK_SECRET', 'whsec_'),
    ...(api ? { api } : {}),
  };
}

/** A client for these settings. Requests time out under the functions' 10 s, and retry twice with idempotency keys. */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    apiVersion: Stripe.API_VERSION as Stripe.StripeConfig['apiVersion'],
    maxNetworkRetries: 2,
    timeout: 8000,
    telemetry: false,
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });
}

/** The settings: from Secrets Manager when the environment names the secrets (AWS), else from the values (local). */
export async function loadStripeSettings(env: NodeJS.ProcessEnv = process.env, readSecret: SecretReader = readSecretValue): Promise<StripeSettings> {
  const keyName = env.STRIPE_SECRET_KEY_SECRET_NAME?.trim();
  const webhookName = env.STRIPE_WEBHOOK_SECRET_SECRET_NAME?.trim();
  if (!keyName || !webhookName) return stripeSettingsFromEnv(env);
  const [secretKey, webhookSecret] = await Promise.all([readSecret(keyName), readSecret(webhookName)]);
  return stripeSettingsFromEnv({ ...env, STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret });
}

/** Payments cannot be taken: Stripe is not configured (or its secrets cannot be read). A 503: nothing was done. */
export class PaymentsUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('Payments are unavailable right now. Nothing was charged; please try again later.');
  }
}

let loaded: Promise<{ settings: StripeSettings; client: Stripe }> | undefined;

function stripeSetup(): Promise<{ settings: StripeSettings; client: Stripe }> {
  loaded ??= loadStripeSettings()
    .then((settings) => ({ settings, client: createStripeClient(settings) }))
    .catch((error: unknown) => {
      // Not cached: the next request tries again (a secret created after the deploy, a passing throttle).
      loaded = undefined;
      logger.error('stripe is not configured', { error: error as Error });
      throw new PaymentsUnavailableError();
    });
  return loaded;
}

/** The client, built on first use (a route that never pays never needs the settings). */
export async function stripe(): Promise<Stripe> {
  return (await stripeSetup()).client;
}

/** The webhook endpoint's signing secret. */
export async function stripeWebhookSecret(): Promise<string> {
  return (await stripeSetup()).settings.webhookSecret;
}

function timestampOf(header: string): number | undefined {
  const part = header.split(',').find((item) => item.trim().startsWith('t='));
  const value = part ? Number(part.trim().slice(2)) : NaN;
  return Number.isInteger(value) ? value : undefined;
}

/**
 * Verifies a webhook and returns its event. `rawBody` must be the bytes as received (API Gateway's body,
 * base64-decoded when it says so): re-serialized JSON never verifies.
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  signature: string | undefined,
  webhookSecret: string,
  nowMs: number = Date.now(),
): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
  const timestamp = timestampOf(signature);
  if (timestamp !== undefined && timestamp - Math.floor(nowMs / 1000) > WEBHOOK_TOLERANCE_S) {
    throw new WebhookSignatureError('timestamp is in the future');
  }
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_S, undefined, nowMs);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookSignatureError(error.message.split('\n')[0]!.trim());
    }
    // A verified body that is not JSON.
    if (error instanceof SyntaxError) throw new WebhookSignatureError('the body is not an event');
    throw error;
  }
}

/** What verifyWebhookRequest needs of an API Gateway (HTTP API, payload 2.0) request. */
export interface WebhookRequest {
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
  /** HTTP API lower-cases header names. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
}

/**
 * Verifies the webhook an API Gateway request carries: its body exactly as sent (API Gateway base64-encodes
 * bodies it does not take for text) and its Stripe-Signature header.
 */
export function verifyWebhookRequest(request: WebhookRequest, webhookSecret: string, nowMs?: number): Stripe.Event {
  const raw = request.body === undefined ? '' : request.isBase64Encoded ? Buffer.from(request.body, 'base64') : request.body;
  return verifyWebhook(raw, request.headers?.['stripe-signature'], webhookSecret, nowMs);
}

/**
 * One-click unsubscribe tokens (issue 23, RFC 8058): the link in a notification's List-Unsubscribe header and
 * footer switches off one kind of e-mail, or every optional e-mail ('all'), for one person, without signing in.
 * The token carries who and what, signed, so the route needs no lookup to trust it:
 *
 *   u1.<payload>.<mac>
 *
 * - `u1` is the format's version. It is inside the MAC, so a token cannot be relabelled to another version;
 *   a later format gets a new prefix and this verifier calls it malformed.
 * - `<payload>` is base64url JSON { sub, kind, iat, exp } (seconds since the epoch): what to switch off and
 *   until when the link works. Mail is read weeks late, so links live UNSUBSCRIBE_TOKEN_LIFETIME_MS.
 * - `<mac>` is base64url HMAC-SHA256 under UNSUBSCRIBE_SECRET (lambdas/lib/config.ts) of
 *   'racefinder-unsubscribe.u1.<payload>': the purpose string keeps a MAC made for anything else with the same
 *   key from passing as one of these. It is checked in constant time before the payload is parsed, so nothing
 *   unsigned is ever read.
 *
 * The token is stateless: this module cannot tell a used token from a fresh one. The unsubscribe route refuses
 * reuse: it records each token it honours under its MAC (`mac` in the verification, with a TTL at `exp`) in the
 * same transaction as the switch it turns off, and answers a second use with 409
 * (lambdas/data/notification-preferences.ts unsubscribeOnce).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { UnsubscribeScopeSchema, type UnsubscribeScope } from '#shared/schemas/notifications';
import { UNSUBSCRIBE_SECRET_MIN_LENGTH } from './config.ts';

const VERSION = 'u1';
const PURPOSE = `racefinder-unsubscribe.${VERSION}.`;
/** A SHA-256 MAC is 32 bytes: 43 base64url characters without padding. */
const MAC_LENGTH = 43;
/** Far more than a real token (about 180 characters): a longer one is refused before any hashing. */
const MAX_TOKEN_LENGTH = 512;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** How long an e-mail's unsubscribe link works: 90 days, long enough for a digest read late. */
export const UNSUBSCRIBE_TOKEN_LIFETIME_MS = 90 * 86_400_000;

export interface UnsubscribePayload {
  /** The person's id (their Cognito sub, as profiles are keyed). */
  readonly sub: string;
  /** One optional kind, or 'all' for every optional e-mail (shared/schemas/notifications.ts unsubscribeScopeOf). */
  readonly kind: UnsubscribeScope;
  readonly issuedAt: Date;
  readonly expires: Date;
}

export type UnsubscribeVerification =
  | { readonly ok: true; readonly payload: UnsubscribePayload; /** The token's MAC: its one spelling, what a use is recorded under. */ readonly mac: string }
  | { readonly ok: false; readonly reason: 'malformed' | 'bad-signature' | 'expired' };

const WirePayloadSchema = z.strictObject({
  sub: z.string().min(1).max(128),
  kind: UnsubscribeScopeSchema,
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
});

function checkedSecret(secret: string): string {
  // A short key would make every link guessable; config.ts refuses it at cold start, this refuses it anywhere else.
  if (secret.length < UNSUBSCRIBE_SECRET_MIN_LENGTH) throw new Error(`The unsubscribe secret must be at least ${UNSUBSCRIBE_SECRET_MIN_LENGTH} characters`);
  return secret;
}

function macOf(payloadPart: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE + payloadPart).digest();
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export function signUnsubscribeToken(payload: UnsubscribePayload, secret: string): string {
  const wire = WirePayloadSchema.parse({ sub: payload.sub, kind: payload.kind, iat: seconds(payload.issuedAt), exp: seconds(payload.expires) });
  if (wire.exp <= wire.iat) throw new Error('An unsubscribe token must expire after it is issued');
  const payloadPart = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${VERSION}.${payloadPart}.${macOf(payloadPart, checkedSecret(secret)).toString('base64url')}`;
}

export function verifyUnsubscribeToken(token: string, secret: string, now: Date): UnsubscribeVerification {
  const key = checkedSecret(secret);
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [version, payloadPart, macPart] = parts as [string, string, string];
  if (version !== VERSION || !BASE64URL.test(payloadPart) || macPart.length !== MAC_LENGTH || !BASE64URL.test(macPart)) {
    return { ok: false, reason: 'malformed' };
  }

  const given = Buffer.from(macPart, 'base64url');
  // Node decodes leniently: the last character's spare bits are ignored. Only the canonical spelling is taken, so
  // one payload has one token, and a route that records used tokens cannot be passed a second spelling.
  if (given.toString('base64url') !== macPart) return { ok: false, reason: 'malformed' };
  // Both are 32 bytes here, as timingSafeEqual requires.
  if (!timingSafeEqual(given, macOf(payloadPart, key))) return { ok: false, reason: 'bad-signature' };

  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = WirePayloadSchema.safeParse(json);
  // Signed by us but not in this shape: a key shared with something it should not be, or a bug. Still refused.
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const { sub, kind, iat, exp } = parsed.data;
  if (now.getTime() >= exp * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, payload: { sub, kind, issuedAt: new Date(iat * 1000), expires: new Date(exp * 1000) }, mac: macPart };
}

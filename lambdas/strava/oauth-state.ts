/**
 * The OAuth `state` of a Strava connection: it goes to Strava's authorize page and comes back on the return, and
 * proves that the return finishes a connection this same person started, recently (no one can send another
 * person a link that connects the sender's Strava account to them). Stateless, signed with the state key
 * (strava-keys.ts):
 *
 *   s1.<payload>.<mac>   payload: base64url JSON { sub, exp (seconds), nonce }; mac: HMAC-SHA256 of 'racefinder-strava-state.s1.<payload>'
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';

const VERSION = 's1';
const PURPOSE = `racefinder-strava-state.${VERSION}.`;
/** Long enough to sign in to Strava on the way; short enough that a leaked URL soon says nothing. */
export const STATE_LIFETIME_SECONDS = 15 * 60;

const PayloadSchema = z.object({ sub: z.string().min(1), exp: z.int(), nonce: z.string() });

const macOf = (payload: string, key: Buffer) => createHmac('sha256', key).update(`${PURPOSE}${payload}`).digest();

export function signState(sub: string, key: Buffer, now: Date = new Date()): string {
  const payload = Buffer.from(JSON.stringify({ sub, exp: Math.floor(now.getTime() / 1000) + STATE_LIFETIME_SECONDS, nonce: randomBytes(9).toString('base64url') })).toString('base64url');
  return `${VERSION}.${payload}.${macOf(payload, key).toString('base64url')}`;
}

/** Why a state is refused, in words the page shows. */
export type StateCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export function checkState(state: string, key: Buffer, sub: string, now: Date = new Date()): StateCheck {
  const [version, payload, mac, ...rest] = state.split('.');
  const refused = { ok: false as const, reason: 'This Strava link is not valid. Start connecting again from your training journal.' };
  if (version !== VERSION || !payload || !mac || rest.length > 0) return refused;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(payload, key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refused;
  let parsed: z.infer<typeof PayloadSchema>;
  try {
    parsed = PayloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return refused;
  }
  if (parsed.sub !== sub) return { ok: false, reason: 'This Strava link was started by another RaceFinder account. Start connecting again while signed in as yourself.' };
  if (parsed.exp < Math.floor(now.getTime() / 1000)) return { ok: false, reason: 'This Strava link has expired. Start connecting again from your training journal.' };
  return { ok: true };
}

/**
 * The keys of Strava sync, all derived from one secret (HKDF-SHA256, one purpose string each), so a deployment
 * holds one generated secret rather than three that must agree:
 *
 * - the AES-256-GCM key that encrypts the athletes' Strava tokens at rest (token-crypto.ts);
 * - the HMAC key that signs the OAuth `state`, binding Strava's return to the person who asked (oauth-state.ts);
 * - the webhook's verify token, which Strava echoes in its subscription handshake.
 *
 * Locally the stack sets STRAVA_TOKEN_KEY (random, kept in its data folder: infra/local/strava/token-key.ts); in AWS
 * STRAVA_TOKEN_KEY_SECRET_NAME names a Secrets Manager secret the stack generates (infra/strava-sync.ts), read once
 * per container. The secret is never logged and never leaves the functions; only the derived verify token is told
 * to Strava, and it cannot be turned back into the secret.
 */
import { hkdfSync } from 'node:crypto';
import { ServiceUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { ttlCache } from '#lib/ttl-cache';
import { readSecretValue, type SecretReader } from '#lib/secrets';
import { STRAVA_TOKEN_KEY_MIN_LENGTH } from './token-key-length.ts';


export interface StravaKeys {
  /** 32 bytes: AES-256-GCM. */
  readonly tokenKey: Buffer;
  /** 32 bytes: HMAC-SHA256 of the OAuth state. */
  readonly stateKey: Buffer;
  /** What Strava's handshake must carry in hub.verify_token. */
  readonly verifyToken: string;
}

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `racefinder-strava.${purpose}`, 32));
}

export function stravaKeysOf(secret: string): StravaKeys {
  if (secret.length < STRAVA_TOKEN_KEY_MIN_LENGTH) throw new Error(`The Strava token key must be at least ${STRAVA_TOKEN_KEY_MIN_LENGTH} characters`);
  return {
    tokenKey: derive(secret, 'tokens.v1'),
    stateKey: derive(secret, 'state.v1'),
    verifyToken: derive(secret, 'verify-token.v1').toString('base64url'),
  };
}

/** Strava sync cannot run: its key cannot be read, or no Strava application is configured. Nothing was changed. */
export class StravaUnavailableError extends ServiceUnavailableError {
  constructor(message = 'Strava sync is unavailable right now. Nothing was changed; please try again later.') {
    super(message);
  }
}

export async function loadStravaKeys(env: NodeJS.ProcessEnv = process.env, readSecret: SecretReader = readSecretValue): Promise<StravaKeys> {
  const value = env.STRAVA_TOKEN_KEY?.trim();
  if (value) return stravaKeysOf(value);
  const name = env.STRAVA_TOKEN_KEY_SECRET_NAME?.trim();
  if (!name) throw new Error('Neither STRAVA_TOKEN_KEY nor STRAVA_TOKEN_KEY_SECRET_NAME is set');
  return stravaKeysOf(await readSecret(name));
}

/** The keys, read once per container (a failed read is not kept, so the next call tries again). */
const keys = ttlCache(
  () =>
    loadStravaKeys().catch((error: unknown) => {
      logger.error('the Strava token key cannot be read', { error: error as Error });
      throw new StravaUnavailableError();
    }),
  Number.POSITIVE_INFINITY,
);
export const stravaKeys = (): Promise<StravaKeys> => keys.get();

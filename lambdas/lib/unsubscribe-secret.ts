/**
 * The key that signs and checks one-click unsubscribe links (lambdas/lib/unsubscribe-token.ts). Locally the
 * stack sets UNSUBSCRIBE_SECRET (a random value kept in its data folder, so links in mail already sent keep
 * working across restarts); in AWS UNSUBSCRIBE_SECRET_SECRET_NAME names a Secrets Manager secret the stack
 * generates, and the value is read once per container.
 */
import { config, UNSUBSCRIBE_SECRET_MIN_LENGTH } from './config.ts';
import { ServiceUnavailableError } from './errors.ts';
import { logger } from './logger.ts';
import { readSecretValue } from './secrets.ts';

let loaded: Promise<string> | undefined;

async function loadSecret(): Promise<string> {
  if (config.unsubscribeSecret) return config.unsubscribeSecret;
  const name = process.env.UNSUBSCRIBE_SECRET_SECRET_NAME?.trim();
  if (!name) throw new Error('Neither UNSUBSCRIBE_SECRET nor UNSUBSCRIBE_SECRET_SECRET_NAME is set');
  const value = await readSecretValue(name);
  if (value.length < UNSUBSCRIBE_SECRET_MIN_LENGTH) throw new Error(`The unsubscribe secret must be at least ${UNSUBSCRIBE_SECRET_MIN_LENGTH} characters`);
  return value;
}

export function unsubscribeSecret(): Promise<string> {
  loaded ??= loadSecret().catch((error: unknown) => {
    // Not cached: the next call tries again (a throttled Secrets Manager read).
    loaded = undefined;
    logger.error('the unsubscribe secret cannot be read', { error: error as Error });
    throw new ServiceUnavailableError('Unsubscribing is unavailable right now. Nothing was changed; please try again later.');
  });
  return loaded;
}

/**
 * The admin health checks, each timed now: the database (a point read of a key that need not exist: half a
 * read unit), sign-in (the user pool's JWKS, which every token check depends on; public, so no grant, and
 * cognito-local serves one locally at the URL the token verifier uses) and the API (the handler's own time).
 */
import { statusForLatency, type AdminHealth, type HealthCheck } from '#shared/schemas/system-health';
import { table } from '#lib/kit/table';
import { logger } from '#lib/logger';
import { tokenVerifierConfig } from '#lib/token-verifier';

/** A check that takes longer than this is reported as an error rather than waited for. */
const CHECK_TIMEOUT_MS = 5_000;

const elapsed = (started: number) => Math.round(performance.now() - started);

/** Runs one check, timing it; a throw is an error status with a message meant for an admin. */
export async function timed(name: string, check: () => Promise<void>, failure: string): Promise<HealthCheck> {
  const started = performance.now();
  try {
    await check();
    const ms = elapsed(started);
    return { status: statusForLatency(ms), ms };
  } catch (error) {
    logger.warn('health check failed', { check: name, error: error as Error });
    return { status: 'error', ms: elapsed(started), message: failure };
  }
}

export function checkDatabase(): Promise<HealthCheck> {
  return timed(
    'database',
    async () => {
      await table.get({ Key: { PK: 'HEALTH', SK: 'HEALTH' } }, { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    },
    'The database did not answer',
  );
}

export function checkAuth(jwksUri: () => string = () => tokenVerifierConfig().jwksUri): Promise<HealthCheck> {
  return timed(
    'auth',
    async () => {
      const response = await fetch(jwksUri(), { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
      const body = (await response.json()) as { keys?: unknown };
      if (!Array.isArray(body.keys) || body.keys.length === 0) throw new Error('JWKS has no keys');
    },
    'The user pool did not answer with its signing keys',
  );
}

/** Every check at once; the API's time is the whole handler's, measured from `started`. */
export async function measureHealth(started: number, now = new Date()): Promise<AdminHealth> {
  const [database, auth] = await Promise.all([checkDatabase(), checkAuth()]);
  const ms = elapsed(started);
  return { checkedAt: now.toISOString(), database, auth, api: { status: statusForLatency(ms), ms } };
}

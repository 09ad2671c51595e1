import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STRAVA_TOKEN_KEY_MIN_LENGTH } from '../../../lambdas/strava/token-key-length.ts';

const FILE = 'strava-token-key';

/**
 * The local stack's Strava tokens key (lambdas/strava/strava-keys.ts): STRAVA_TOKEN_KEY from the shell when set,
 * else a random one kept in the data folder, so the tokens already stored in .local/ still decrypt after a
 * restart. It guards nothing outside this machine.
 */
export function localStravaTokenKey(dataDir: string): string {
  const fromShell = process.env.STRAVA_TOKEN_KEY?.trim();
  if (fromShell) return fromShell;
  const file = join(dataDir, FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= STRAVA_TOKEN_KEY_MIN_LENGTH) return kept;
  }
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

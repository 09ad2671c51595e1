import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'unsubscribe-secret';

/**
 * The local stack's key for one-click unsubscribe links: UNSUBSCRIBE_SECRET from the shell when set, else a
 * random one kept in the data folder, so the links in mail the stand-in already holds keep working after a
 * restart. It signs nothing outside this machine.
 */
export function localUnsubscribeSecret(dataDir: string): string {
  const fromShell = process.env.UNSUBSCRIBE_SECRET?.trim();
  if (fromShell) return fromShell;
  const file = join(dataDir, FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

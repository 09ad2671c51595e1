import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalStack } from '../../infra/local/stack.ts';
import { useOwnStack } from './local-api.ts';
import { localStackInfo } from './local-stack-info.ts';
import { memoryBackedTmp } from './memory-tmp.ts';

/**
 * A stack of the file's own for test/integration/own-stack/: an empty in-memory table with the demo accounts, no
 * web build, the shared stack's throttle scale, and the test/support/local-api.ts helpers pointed at it. It sets
 * the handlers' environment (one stack per process), so handler and store modules are imported after it starts.
 */
export async function startOwnStack(name: string): Promise<{ readonly stack: LocalStack; stop(): Promise<void> }> {
  const savedEnv = { ...process.env };
  const workDir = mkdtempSync(join(memoryBackedTmp(), `racefinder-${name}-`));
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  // A start that fails hands back no stop(): its folder is removed here, or it stays in memory until a reboot.
  const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
  const stack = await startLocalStack({
    port: 0,
    dataDir: join(workDir, 'data'),
    fresh: true,
    seedEvents: 0,
    webRoot: false,
    inMemoryDatabase: true,
    logLevel: 'SILENT',
    printCodes: false,
    throttleScale: 100,
    weather: 'stand-in',
    strava: 'stand-in',
  }).catch((error: unknown) => {
    removeWorkDir();
    throw error;
  });
  useOwnStack(localStackInfo(stack));
  return {
    stack,
    async stop() {
      await stack.stop();
      removeWorkDir();
      process.env = savedEnv;
    },
  };
}

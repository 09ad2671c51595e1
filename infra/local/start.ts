/**
 * `npm start`: RaceFinder complete and offline on this machine at http://localhost:3000, with demo data.
 * Builds the web app first when there is no build yet; keeps its data in .local/ across restarts
 * (`npm start -- --fresh` resets it; `--port <n>` picks another port).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArguments, printBanner, reportBackgroundSeed, stopOnSignals } from './cli.ts';
import { DEFAULT_WEB_ROOT, REPO_ROOT, startLocalStack } from './stack.ts';

const DATA_DIR = join(REPO_ROOT, '.local');
const DEFAULT_PORT = 3000;

/** Builds web/dist when it is missing; returns the seconds it took (0 when there was a build). */
async function buildWebIfMissing(): Promise<number> {
  if (existsSync(join(DEFAULT_WEB_ROOT, 'index.html'))) return 0;
  console.log('Building the web app (first start only; `npm run build:web` rebuilds it)...');
  const started = performance.now();
  const { build } = await import('vite');
  await build({ configFile: join(REPO_ROOT, 'web', 'vite.config.ts'), logLevel: 'warn' });
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const args = parseArguments(process.argv.slice(2));
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const buildSeconds = await buildWebIfMissing();
  const stack = await startLocalStack({
    port: args.port ?? DEFAULT_PORT,
    dataDir: DATA_DIR,
    fresh: args.fresh,
    seedEvents: args.events,
    seedInBackground: true,
    webRoot: DEFAULT_WEB_ROOT,
    superAdminEmails: process.env.SUPER_ADMIN_EMAILS,
    logLevel: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  });
  stopOnSignals(() => stack.stop());
  // performance.now() counts from this process's start; the one-off web build is reported on its own.
  printBanner(stack, {
    url: stack.url,
    dataDir: DATA_DIR,
    readySeconds: performance.now() / 1000 - buildSeconds,
    seedingInBackground: true,
    ...(buildSeconds ? { note: `the web build took ${buildSeconds.toFixed(1)} s more` } : {}),
  });
  reportBackgroundSeed(stack);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

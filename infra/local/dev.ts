/**
 * `npm run dev`: the front end from the Vite dev server with hot reload on http://localhost:3000, against the
 * same local stack `npm start` runs (same .local/ data). The gateway serves only the API side on 3001;
 * Vite forwards /api, /cognito and /config.json to it, so the browser still sees one origin.
 */
import { join } from 'node:path';
import { createServer } from 'vite';
import { parseArguments, printBanner, reportBackgroundSeed, stopOnSignals } from './cli.ts';
import { REPO_ROOT, startLocalStack } from './stack.ts';

const DATA_DIR = join(REPO_ROOT, '.local');
const WEB_PORT = 3000;
const API_PORT = 3001;

async function main(): Promise<void> {
  const args = parseArguments(process.argv.slice(2));
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const webPort = args.port ?? WEB_PORT;
  const siteUrl = `http://localhost:${webPort}`;
  const stack = await startLocalStack({
    port: API_PORT,
    dataDir: DATA_DIR,
    fresh: args.fresh,
    seedEvents: args.events,
    seedInBackground: true,
    webRoot: false,
    siteUrl,
    superAdminEmails: process.env.SUPER_ADMIN_EMAILS,
    logLevel: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  });
  // Host is passed through unchanged (no changeOrigin), so /config.json names the dev server's origin.
  const target = `http://127.0.0.1:${stack.port}`;
  let vite;
  try {
    vite = await createServer({
      configFile: join(REPO_ROOT, 'web', 'vite.config.ts'),
      server: {
        port: webPort,
        strictPort: true,
        proxy: { '^/api(/|$)': { target }, '^/cognito(/|$)': { target }, '/config.json': { target } },
      },
    });
    await vite.listen();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  const devServer = vite;
  stopOnSignals(async () => {
    await devServer.close();
    await stack.stop();
  });
  printBanner(stack, { url: siteUrl, api: stack.url, dataDir: DATA_DIR, readySeconds: performance.now() / 1000, seedingInBackground: true });
  reportBackgroundSeed(stack);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

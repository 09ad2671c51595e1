import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';
import { memoryBackedTmp } from './memory-tmp.ts';
import { suiteWebBuild } from './web-build.ts';

export interface E2eStackInfo {
  url: string;
  /** Where cognito-local keeps its user pool file, to read sign-up codes it "e-mails". */
  cognitoDbFile: string;
  password: string;
  accounts: { label: string; email: string; role: string; firstName: string }[];
  /** The stack's table, for a test that sets up what no screen can (see e2e-data.ts). */
  tableName: string;
  dynamoEndpoint: string;
  /** The stack's local Stripe stand-in: its URL, the key it accepts and the secret it signs events with. */
  stripe: { url: string; secretKey: string; webhookSecret: string };
  /** The stack's local Strava stand-in: its URL and the client secret its control API (/_local/) takes. */
  strava: { url: string; clientSecret: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStack: E2eStackInfo;
  }
}

/** The stack process's description of itself: the first JSON line it prints, or an error if it dies first. */
async function readyLine(output: NodeJS.ReadableStream, exited: Promise<void>): Promise<E2eStackInfo> {
  const lines = createInterface({ input: output });
  const died = exited.then(() => {
    throw new Error('The end-to-end stack exited before it was ready (its errors are above)');
  });
  // After the race is won, the stack's normal exit at teardown must not surface as an unhandled rejection.
  died.catch(() => undefined);
  const ready = (async () => {
    for await (const line of lines) if (line.startsWith('{')) return JSON.parse(line) as E2eStackInfo;
    throw new Error('The end-to-end stack closed its output before it was ready');
  })();
  return Promise.race([ready, died]);
}

/** End-to-end tests run against a full local stack, as `npm start` starts it, on a free port. */
export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const webRoot = suiteWebBuild() ?? join(process.cwd(), 'web', 'dist');
  if (!existsSync(join(webRoot, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build:web` first (npm test builds its own)');
  }
  const dataDir = await mkdtemp(join(memoryBackedTmp(), 'racefinder-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'e2e-stack-process.ts'), dataDir, webRoot], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    project.provide('e2eStack', await readyLine(child.stdout!, exited));
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    throw error;
  }
  return async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}

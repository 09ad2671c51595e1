import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export interface E2eStackInfo {
  url: string;
  /** Where cognito-local keeps its user pool file, to read sign-up codes it "e-mails". */
  cognitoDbFile: string;
  password: string;
  accounts: { label: string; email: string; role: string }[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStack: E2eStackInfo;
  }
}

/** End-to-end tests run against a full local stack, as `npm start` starts it, on a free port. */
export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const webRoot = join(process.cwd(), 'web', 'dist');
  if (!existsSync(join(webRoot, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build:web` first (npm test does)');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'racefinder-e2e-'));
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  const { DEMO_PASSWORD } = await import('../../infra/local/demo-accounts.ts');
  const stack = await startLocalStack({ port: 0, dataDir, inMemoryDatabase: true, fresh: true, webRoot, logLevel: 'SILENT' });
  project.provide('e2eStack', {
    url: stack.url,
    cognitoDbFile: join(dataDir, 'cognito', '.cognito', 'db', `${stack.cognito.userPoolId}.json`),
    password: DEMO_PASSWORD,
    accounts: stack.demoAccounts.map(({ label, email, role }) => ({ label, email, role })),
  });
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

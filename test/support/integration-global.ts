import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { memoryBackedTmp } from './memory-tmp.ts';

/** The address the integration stack is configured to make a super admin on first sign-in. */
export const CONFIGURED_SUPER_ADMIN = 'first-owner@racefinder.test';

export interface LocalStackInfo {
  url: string;
  tableName: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  accounts: { email: string; password: string; role: string; label: string }[];
  /** The stack's local Stripe stand-in: its URL, the key it accepts and the secret it signs events with. */
  stripe: { url: string; secretKey: string; webhookSecret: string };
  /** The stack's local OpenAI stand-in (the coach's model): its /v1 URL and key. */
  openai: { url: string; apiKey: string };
  /** The stack's local National Weather Service stand-in: its URL (faults and requests under /_local/). */
  weather: { url: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackInfo;
  }
}

/**
 * Integration tests share one real local stack: DynamoDB Local and cognito-local on free ports behind the
 * local gateway, with the demo accounts but no events (each test writes what it needs). Its throttles are
 * the route table's times THROTTLE_SCALE: the property tests send hundreds of requests a second to one route,
 * which no real client does; test/integration/own-stack/local-gateway.test.ts runs its own stack at the real limits.
 */
const THROTTLE_SCALE = 100;

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = await mkdtemp(join(memoryBackedTmp(), 'racefinder-integration-'));
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  const { DEMO_PASSWORD } = await import('../../infra/local/demo-accounts.ts');
  const { fixtureRaces } = await import('../../infra/local/runsignup/fixture-races.ts');
  const { todayInNewYork } = await import('../../shared/dates.ts');
  const stack = await startLocalStack({ port: 0, dataDir, inMemoryDatabase: true, fresh: true, seedEvents: 0,
    logLevel: 'SILENT',
    superAdminEmails: CONFIGURED_SUPER_ADMIN,
    throttleScale: THROTTLE_SCALE,
    // RunSignup imports that route tests start run in this process while other tests use the table: a few
    // dozen races keep them short (test/integration/runsignup-import.test.ts serves its own).
    runSignup: { races: fixtureRaces({ count: 30, today: todayInNewYork(), seed: 8 }) },
    importRetryIntervalMs: 10,
    weather: 'stand-in',
  });
  project.provide('localStack', {
    url: stack.url,
    tableName: stack.tableName,
    dynamoEndpoint: stack.dynamoEndpoint,
    cognitoEndpoint: stack.cognito.endpoint,
    userPoolId: stack.cognito.userPoolId,
    clientId: stack.cognito.clientId,
    accounts: stack.demoAccounts.map((account) => ({
      email: account.email,
      password: DEMO_PASSWORD,
      role: account.role,
      label: account.label,
    })),
    stripe: { url: stack.stripe.url, secretKey: stack.stripe.secretKey, webhookSecret: stack.stripe.webhookSecret },
    openai: { url: stack.openai!.url, apiKey: stack.openai!.apiKey },
    weather: { url: stack.weather!.url },
  });
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

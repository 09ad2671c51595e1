import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { memoryBackedTmp } from './memory-tmp.ts';
import { localStackInfo } from './local-stack-info.ts';

/** The address the integration stack is configured to make a super admin on first sign-in. */
export const CONFIGURED_SUPER_ADMIN = 'first-owner@racefinder.test';

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
    strava: 'stand-in',
    // A test of Strava's 429 waits a second for the window, not fifteen minutes.
    stravaMaxWaitSeconds: 1,
  });
  project.provide('localStack', localStackInfo(stack));
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

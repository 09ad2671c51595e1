/**
 * Account deletion at scale (issue 22): an athlete with three years of daily logs (written through the log store with
 * their weekly, monthly and total figures, as the API writes them) and saved races, in DynamoDB Local (in memory),
 * with their sign-in in cognito-local; then the deletion worker's whole run (lambdas/users/delete-account-worker.ts,
 * every step from the sign-in to the profile) timed, and the person's partition and indexes read afterwards: empty.
 *
 * Runs in a process of its own (handler modules read their configuration once per process):
 *
 *   npx tsx test/bench/account-deletion-bench.ts [--logs 1096] [--saves 50] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { addDays, todayInNewYork } from '#shared/dates';
import { withLocalTable } from './local-table.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface AccountDeletionBenchResult {
  readonly logs: number;
  readonly saves: number;
  /** Items in the person's partition before (logs, figures, saves, profile...). */
  readonly items: number;
  readonly seconds: number;
  /** Items of theirs found after the run (their partition, their logs' index): 0. */
  readonly left: number;
}

export async function measureAccountDeletion({ logs, saves }: { logs: number; saves: number }): Promise<AccountDeletionBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'racefinder-deletion-bench-'));
  const { startCognitoLocal } = await import('../../infra/local/cognito-local.ts');
  const cognito = await startCognitoLocal({ dataDir, printCodes: false });
  try {
    return await withLocalTable(async () => {
      Object.assign(process.env, { COGNITO_USER_POOL_ID: cognito.userPoolId, COGNITO_ENDPOINT: cognito.endpoint, EXPORTS_BUCKET: 'bench-exports' });
      const { createProfileIfMissing } = await import('#data/profile');
      const { createTrainingLog } = await import('#data/training-log');
      const { createEventsInBulk } = await import('#data/event');
      const { saveEvent } = await import('#data/saved-event');
      const { startAccountDeletion } = await import('#data/account-deletion');
      const { queryAll } = await import('#lib/kit/table');
      const { runAccountDeletion } = await import('../../lambdas/users/delete-account-worker.ts');
      const { generateSeedEvents, DEFAULT_SEED } = await import('../../infra/local/seed/generate-events.ts');

      const email = 'bench-athlete@racefinder.test';
      const created = await cognito.client.send(
        new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }),
      );
      const sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? 'bench-athlete';
      await createProfileIfMissing({ id: sub, email, firstName: 'Bench', lastName: 'Athlete', role: 'athlete' });
      const today = todayInNewYork();
      const activities = ['running', 'running', 'running', 'cycling', 'strength', 'yoga', 'swimming'] as const;
      for (let index = 0; index < logs; index += 1) {
        await createTrainingLog(sub, { activityType: activities[index % activities.length]!, distanceKm: 3 + (index % 17), durationMinutes: 20 + (index % 70), logDate: addDays(today, -(index % 1096)) });
      }
      const races = generateSeedEvents({ count: saves, today, seed: DEFAULT_SEED });
      await createEventsInBulk(races);
      for (const race of races) await saveEvent(sub, race.id);
      const partition = () => queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${sub}` }, ProjectionExpression: 'PK' });
      const items = (await partition()).length;

      await startAccountDeletion({ sub, email }, { writing: 'delete' });
      const started = performance.now();
      const outcome = await runAccountDeletion(sub);
      const seconds = (performance.now() - started) / 1000;
      if (outcome.status !== 'deleted') throw new Error(`the deletion did not run: ${outcome.status}`);
      const logIndex = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :logs', ExpressionAttributeValues: { ':logs': `USER#${sub}#LOGS` } });
      return { logs, saves, items, seconds: Math.round(seconds * 10) / 10, left: (await partition()).length + logIndex.length };
    });
  } finally {
    await cognito.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { logs: { type: 'string', default: '1096' }, saves: { type: 'string', default: '50' }, json: { type: 'boolean', default: false } } });
  const result = await measureAccountDeletion({ logs: Number(values.logs), saves: Number(values.saves) });
  console.log(values.json ? JSON.stringify(result) : result);
}

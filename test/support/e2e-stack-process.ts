/**
 * The end-to-end stack, in a process of its own. Handler modules read their configuration from process.env
 * when they load, and vitest runs every project's global setup in one process: the integration stack
 * there would otherwise share (and overwrite) the variables this stack's handlers read. Prints one JSON
 * line describing the stack once it is ready, and stops it on SIGTERM.
 *
 * The catalogue comes from the prebuilt seed image (infra/local/seed/seed-image.ts; `npm ci`'s postinstall
 * makes it), placed in the data folder before DynamoDB Local opens it, as `npm start` does, rather than written
 * event by event at every run. The folder is on tmpfs (e2e-global.ts), so the tests' writes cost no disk syncs.
 */
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../infra/local/demo-accounts.ts';
import { fixtureRaces } from '../../infra/local/runsignup/fixture-races.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { todayInNewYork } from '../../shared/dates.ts';
import type { E2eStackInfo } from './e2e-global.ts';

const [dataDir, webRoot] = process.argv.slice(2) as [string, string];
// The RunSignup stand-in serves 120 races, not npm start's 1,200: the admin's import then runs one page of them
// rather than two of 250, whose upserts, in a shard that has a share of two cores, outran the page task's 34 s and
// were retried while the first attempt still ran, so the import sat at 0 handled (the journey is the same).
const runSignup = { races: fixtureRaces({ count: 120, today: todayInNewYork(), seed: 8 }) };
const stack = await startLocalStack({ port: 0, dataDir, fresh: true, webRoot, logLevel: 'SILENT', printCodes: false, weather: 'stand-in', strava: 'stand-in', runSignup });
const info: E2eStackInfo = {
  url: stack.url,
  cognitoDbFile: join(dataDir, 'cognito', '.cognito', 'db', `${stack.cognito.userPoolId}.json`),
  password: DEMO_PASSWORD,
  tableName: stack.tableName,
  dynamoEndpoint: stack.dynamoEndpoint,
  accounts: stack.demoAccounts.map(({ label, email, role, firstName }) => ({ label, email, role, firstName })),
  stripe: { url: stack.stripe.url, secretKey: stack.stripe.secretKey, webhookSecret: stack.stripe.webhookSecret },
  strava: { url: stack.strava.url, clientSecret: stack.strava.clientSecret },
};
process.stdout.write(`${JSON.stringify(info)}\n`);
process.on('SIGTERM', () => {
  void stack.stop().then(() => process.exit(0));
});

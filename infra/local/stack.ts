/**
 * The whole local stack in one call: DynamoDB Local, cognito-local (with the post-confirmation trigger wired
 * to the real handler), the table from shared/table.ts, the seed (demo accounts and events, only into a new
 * table), the stand-ins for outside services (SES's mailbox shown by the gateway) and the gateway. Used by
 * `npm start`, `npm run dev` and the tests.
 *
 * One stack per process: handler modules read their configuration once, when first imported.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeleteTableCommand, waitUntilTableNotExists } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, S3Event } from 'aws-lambda';
import type { RouteId } from '#shared/routes';
import { todayInNewYork } from '#shared/dates';
import type { SiteContact } from '#shared/runtime-config';
import { TABLE_NAME_DEFAULT } from '#shared/table';
import type { MigrationRecord } from '#shared/schemas/migration';
import { startCognitoLocal, type CognitoLocal } from './cognito-local.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts, type DemoAccount } from './demo-accounts.ts';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.ts';
import { startGateway, type Gateway } from './gateway.ts';
import {
  applyHandlerCognitoEnvironment,
  applyHandlerEnvironment,
  applyHandlerImportEnvironment,
  applyHandlerOpenAiEnvironment,
  applyHandlerStripeEnvironment,
  applyHandlerStravaEnvironment,
  applyHandlerWeatherEnvironment,
  applyHandlerSiteEnvironment,
} from './handler-env.ts';
import { startRunSignupStandIn, type PageFault, type RunSignupStandIn } from './runsignup/stand-in.ts';
import { startStepFunctionsServer, type StepFunctionsServer } from './step-functions/server.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe/stand-in.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from './openai/stand-in.ts';
import { startWeatherStandIn, type WeatherStandIn } from './weather/stand-in.ts';
import { startStravaStandIn, type StravaStandIn } from './strava/stand-in.ts';
import { STRAVA_DLQ, STRAVA_QUEUE, STRAVA_QUEUES, startLocalStravaWorker } from './strava/sync-queue.ts';
import { localStravaTokenKey } from './strava/token-key.ts';
import { LOCAL_WEBHOOK_SECRET } from './stripe/webhooks.ts';
import { startLambdaInvokeServer, type LambdaFunction, type LambdaInvokeServer } from './lambda-invoke-server.ts';
import { isPortFree } from './free-port.ts';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.ts';
import { startSesStandIn, type SesStandIn } from './ses/stand-in.ts';
import { ensureTable } from './table-bootstrap.ts';
import { LOCAL_SITE_CONTACT } from './site-contact.ts';
import { DYNAMODB_LOCAL_FILE, ensureSeedImage, placeSeedImage } from './seed/seed-image.ts';
import { localUnsubscribeSecret } from './unsubscribe-secret.ts';
import { startLocalNotificationQueue, startLocalSender, type LocalNotificationQueue } from './notification-queue.ts';
import type { SqsEventSource } from './sqs/event-source.ts';
import type { TableStreamSource } from './dynamodb-stream-source.ts';
import { startRaceChangeStream } from './race-change-stream.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_WEB_ROOT = join(REPO_ROOT, 'web', 'dist');
export const DEFAULT_SEED_EVENTS = 2000;

export interface LocalStackOptions {
  /** Gateway port; 0 picks a free one. Default 3000. */
  readonly port?: number;
  /** Holds dynamodb/, cognito/ and seed.json. */
  readonly dataDir: string;
  /** Delete dataDir first. */
  readonly fresh?: boolean;
  /** Events to seed into a new table. Default 2000. */
  readonly seedEvents?: number;
  /** The web build to serve (default web/dist); false serves none (the API behind the Vite dev server). */
  readonly webRoot?: string | false;
  /** Comma-separated e-mails that become super admins on first sign-in (SUPER_ADMIN_EMAILS). */
  readonly superAdminEmails?: string;
  /** Handler log level (POWERTOOLS_LOG_LEVEL); default WARN, or the variable when set. */
  readonly logLevel?: string;
  /** Site origin for /config.json when requests do not arrive on a loopback host name. */
  readonly siteUrl?: string;
  /**
   * When the catalogue cannot come from a prebuilt image (seed/seed-image.ts), write it after the gateway is
   * up rather than before: the site is usable at once and the catalogue fills in. On disk a new table
   * normally comes whole from the image, before DynamoDB Local opens it, and this does not apply.
   */
  readonly seedInBackground?: boolean;
  /** Where prebuilt catalogue images are cached (default .cache/seed-images; tests use their own). */
  readonly seedImageDir?: string;
  /** Keep DynamoDB Local in memory (tests): nothing persists, and writes are several times faster. */
  readonly inMemoryDatabase?: boolean;
  /** Multiplies every route's throttle (default 1: the route table's limits; see throttle.ts). */
  readonly throttleScale?: number;
  /** Print cognito-local's confirmation codes (default true). */
  readonly printCodes?: boolean;
  readonly onInvoke?: (routeId: RouteId, event: APIGatewayProxyEventV2WithJWTAuthorizer) => void;
  /**
   * RunSignup for the import: a URL (RUNSIGNUP_API_URL passed through from the shell, the real service or
   * another stand-in), or the loopback stand-in's races and page faults (tests). Default: RUNSIGNUP_API_URL
   * when set, else the stand-in with its fixture races.
   */
  readonly runSignup?: { readonly url: string } | { readonly races: readonly unknown[]; readonly faults?: Readonly<Record<number, PageFault>> };
  /** Milliseconds between the import state machine's retries instead of its seconds (tests). */
  readonly importRetryIntervalMs?: number;
  /** The Stripe webhook signing secret (default STRIPE_WEBHOOK_SECRET, else LOCAL_WEBHOOK_SECRET). */
  readonly stripeWebhookSecret?: string;
  /**
   * The coach's model: 'stand-in' (default) runs the local OpenAI stand-in, 'offline' configures no key so the
   * offline coach answers (also RACEFINDER_COACH=offline).
   */
  readonly coach?: 'stand-in' | 'offline';
  /** The contact details the footer shows (/config.json): default LOCAL_SITE_CONTACT's fake ones; null for none. */
  readonly contact?: SiteContact | null;
  /**
   * The National Weather Service for race-day forecasts: a URL (WEATHER_API_URL passed through from the shell,
   * e.g. the real https://api.weather.gov), or the loopback stand-in with its fixture forecasts: by default
   * unless WEATHER_API_URL is set, and always with 'stand-in' (tests).
   */
  readonly weather?: { readonly url: string } | 'stand-in';
  /**
   * Strava: the loopback stand-in (by default, and always with 'stand-in'), or, when STRAVA_API_URL is set in the
   * shell, that service with STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET from the shell too (docs/strava.md).
   */
  readonly strava?: 'stand-in';
  /** The longest the Strava worker waits out a rate limit (tests: a second, not a 15-minute window). */
  readonly stravaMaxWaitSeconds?: number;
}

export interface LocalStack {
  readonly url: string;
  readonly port: number;
  readonly tableName: string;
  readonly dynamoEndpoint: string;
  readonly cognito: CognitoLocal;
  readonly demoAccounts: readonly DemoAccount[];
  readonly demoPassword: string;
  /** What this start seeds: nothing when it reused existing data. */
  readonly seeded: {
    readonly demoAccounts: boolean;
    readonly events: number;
    /** How the events got there: a prebuilt table image (whole before anyone could look), or written now. */
    readonly from?: { readonly image: true; readonly built: boolean; readonly seconds: number } | { readonly image: false };
  };
  /** Settles when the event seed has been written (at once unless it runs in the background). */
  readonly seeding: Promise<void>;
  /** Where the import reads RunSignup: the stand-in (when this stack runs one) or the URL passed through. */
  readonly runSignupUrl: string;
  readonly runSignupStandIn?: RunSignupStandIn;
  /** The local Step Functions: it runs the synthesized import state machine with aws-local-stepfunctions. */
  readonly stepFunctions: StepFunctionsServer;
  /** The local Stripe: Checkout Sessions, refunds and the checkout page; it posts signed events to the gateway. */
  readonly stripe: StripeStandIn;
  /** The local OpenAI the coach talks to; absent when the stack runs the offline coach. */
  readonly openai?: OpenAiStandIn;
  /** Where race-day forecasts come from: the stand-in's URL, or the one passed through. */
  readonly weatherUrl: string;
  /** The local National Weather Service; absent when a URL was passed through. */
  readonly weather?: WeatherStandIn;
  /** The local SES: it keeps the mail the handlers send, shown at the gateway's /_local/mailbox. */
  readonly ses: SesStandIn;
  /**
   * The notification queue on the SQS stand-in, its dead-letter queue, and `drained()`: resolves once the sender
   * has taken every message (tests wait on it instead of sleeping).
   */
  readonly notifications: { readonly queueUrl: string; readonly deadLetterQueueUrl: string; readonly sqsEndpoint: string; drained(): Promise<void> };
  /**
   * Strava sync: where the handlers reach Strava (the stand-in's URL, or the one passed through), the stand-in when
   * this stack runs it, and the sync queue with its dead-letter queue; `drained()` resolves once the worker has
   * taken every message (delayed ones too).
   */
  readonly strava: {
    readonly url: string;
    readonly clientId: string;
    readonly clientSecret: string;
    readonly standIn?: StravaStandIn;
    readonly queueUrl: string;
    readonly deadLetterQueueUrl: string;
    drained(): Promise<void>;
  };
  /** The S3 stand-in (exports, event image uploads and media): tests wait on its `settled()` for the image function. */
  readonly s3: S3StandIn;
  /** Child processes, to prove they are gone after stop(). */
  readonly pids: { readonly dynamodb: number | undefined; readonly cognito: number | undefined };
  stop(): Promise<void>;
}

export interface SeedRecord {
  readonly events: number;
  /** The search index version of seeds before the data migrations; the migrations' records say it now. */
  readonly searchIndex?: number;
  readonly today: string;
  readonly at: string;
}

const POST_CONFIRMATION_FUNCTION = 'racefinder-post-confirmation';
const PRE_SIGN_UP_FUNCTION = 'racefinder-pre-sign-up';
const EXPORT_WORKER_FUNCTION = 'racefinder-export-worker';
const ACCOUNT_DELETION_FUNCTION = 'racefinder-account-deletion-worker';
const EXPORTS_BUCKET = 'racefinder-exports';
/** Event images (docs/images.md): browsers POST originals to the first; the image function writes renditions to the second. */
const UPLOADS_BUCKET = 'racefinder-uploads';
const MEDIA_BUCKET = 'racefinder-media';
/** The uploads bucket's CORS rule: the site's pages, which locally are on a loopback origin of any port. */
const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;
/** The scheduled jobs POST /_local/schedules/{name} runs, imported when first run (the handlers' environment is set by then). */
const LOCAL_SCHEDULES = {
  'daily-alerts': async () => (await import('../../lambdas/notifications/daily-alerts.ts')).runDailyAlerts(),
  'weekly-summary': async () => (await import('../../lambdas/notifications/weekly-summary.ts')).runWeeklySummaries(),
  'daily-prices': async () => (await import('../../lambdas/events/daily-prices.ts')).runDailyPrices(),
};
/** Who the local stack's notifications are from; the mailbox shows it (infra/local/ses/mailbox-page.ts). */
const LOCAL_MAIL_FROM = 'RaceFinder <notifications@racefinder.local>';
/** Where the Stripe stand-in posts its events: the webhook route (POST /api/stripe/webhook, issue 9). */
const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
/** Where Strava posts its events and checks its subscription (shared/routes/strava.ts). */
const STRAVA_WEBHOOK_PATH = '/api/strava/webhook';
const INTERRUPTED = 'The last seed did not finish; rebuilding the local table.';
/**
 * What the on-disk data in `dataDir` is, before DynamoDB Local opens it: none yet, a table whose seed never
 * finished (no seed record), or one that is kept whatever code wrote it: it holds people's own accounts, logs,
 * plans, reviews and saves, which no upgrade may delete, and the data migrations bring it up to this code.
 */
export function localTableState(dataDir: string): 'none' | 'interrupted' | 'kept' {
  if (!existsSync(join(dataDir, 'dynamodb', DYNAMODB_LOCAL_FILE))) return 'none';
  return readSeedRecord(dataDir) ? 'kept' : 'interrupted';
}

/** How often `npm start` says how a long migration is going. */
const MIGRATION_PROGRESS_EVERY_MS = 5000;

/**
 * `npm start`'s lines while it migrates a kept data folder: each migration when it is done, and how far a long one
 * got every few seconds (a search index migration takes a step per few dozen events).
 */
function migrationProgressLogger(now: () => number = () => Date.now()): (record: MigrationRecord) => void {
  let lastAt = now();
  return (record) => {
    if (record.status !== 'done' && now() - lastAt < MIGRATION_PROGRESS_EVERY_MS) return;
    lastAt = now();
    const state = record.status === 'done' ? 'done' : `step ${record.steps}`;
    console.log(`Migrating your local data: ${record.id} (${record.summary}): ${state}, ${record.changed.toLocaleString('en-US')} items changed.`);
  };
}

function portInUse(port: number, cause?: unknown): Error {
  return new Error(`Port ${port} is in use; stop what uses it or choose another with --port <n>`, { cause });
}

async function deleteTable(dynamo: DynamoDbLocal, tableName: string): Promise<void> {
  await dynamo.client.send(new DeleteTableCommand({ TableName: tableName }));
  await waitUntilTableNotExists({ client: dynamo.client, maxWaitTime: 30 }, { TableName: tableName });
}

interface Stoppable {
  stop(): Promise<void>;
}

/** Starts children side by side; if one fails, stops the ones that started before rethrowing. */
async function startSideBySide<A extends Stoppable, B extends Stoppable>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a(), b()]);
  if (first.status === 'fulfilled' && second.status === 'fulfilled') return [first.value, second.value];
  await Promise.all([first, second].map((result) => (result.status === 'fulfilled' ? result.value.stop().catch(() => undefined) : undefined)));
  throw (first.status === 'rejected' ? first.reason : (second as PromiseRejectedResult).reason) as Error;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { dataDir } = options;
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const tableName = TABLE_NAME_DEFAULT;
  const seedFile = join(dataDir, 'seed.json');
  const port = options.port ?? 3000;
  // Fail before the slow part, not after seeding, when the site's port is taken.
  if (port && !(await isPortFree(port))) throw portInUse(port);

  // A new table on disk comes whole from the prebuilt image, placed before DynamoDB Local opens the folder:
  // no visitor ever sees part of the catalogue, and a cached image is a file copy instead of a minute of writes.
  const dynamoDir = join(dataDir, 'dynamodb');
  const imageEvents = options.seedEvents ?? DEFAULT_SEED_EVENTS;
  let image: { built: boolean; seconds: number } | undefined;
  const table = localTableState(dataDir);
  // Only a new or half-seeded table takes the image; one holding data is kept, and migrated below.
  if (!options.inMemoryDatabase && imageEvents > 0 && (table === 'none' || table === 'interrupted')) {
    try {
      const today = todayInNewYork();
      const cached = await ensureSeedImage({
        count: imageEvents,
        today,
        cacheDir: options.seedImageDir,
        onBuild: () => console.log(`Preparing the demo catalogue (${imageEvents} events from ${today}; needed after a code change or a week away)...`),
      });
      if (table === 'interrupted') console.log(INTERRUPTED);
      rmSync(seedFile, { force: true });
      placeSeedImage(cached.path, dynamoDir);
      image = { built: cached.built, seconds: cached.ms / 1000 };
    } catch (error) {
      console.log(`The prebuilt catalogue is not available (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); writing it instead.`);
    }
  }

  const [lambdas, dynamo] = await startSideBySide<LambdaInvokeServer, DynamoDbLocal>(
    () =>
      startLambdaInvokeServer({
        [POST_CONFIRMATION_FUNCTION]: async () =>
          (await import('../../lambdas/users/post-confirmation.ts')).handler as unknown as LambdaFunction,
        [PRE_SIGN_UP_FUNCTION]: async () => (await import('../../lambdas/users/pre-sign-up.ts')).handler as unknown as LambdaFunction,
        [EXPORT_WORKER_FUNCTION]: async () => (await import('../../lambdas/exports/run-export.ts')).handler as unknown as LambdaFunction,
        [ACCOUNT_DELETION_FUNCTION]: async () => (await import('../../lambdas/users/delete-account-worker.ts')).handler as unknown as LambdaFunction,
      }),
    () => startDynamoDbLocal({ dataDir: options.inMemoryDatabase ? undefined : dynamoDir, quickJit: true }),
  );
  let s3: S3StandIn | undefined;
  let ses: SesStandIn | undefined;
  let notificationQueue: LocalNotificationQueue | undefined;
  let sender: SqsEventSource | undefined;
  let stravaWorker: SqsEventSource | undefined;
  let stravaStandIn: StravaStandIn | undefined;
  let raceChanges: TableStreamSource | undefined;
  let cognitoStarting: Promise<CognitoLocal> | undefined;
  let cognito: CognitoLocal | undefined;
  let gateway: Gateway | undefined;
  let runSignupStandIn: RunSignupStandIn | undefined;
  let stepFunctions: StepFunctionsServer | undefined;
  let stripe: StripeStandIn | undefined;
  let openai: OpenAiStandIn | undefined;
  let weather: WeatherStandIn | undefined;
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      await gateway?.stop();
      await stepFunctions?.stop();
      cognito ??= await cognitoStarting?.catch(() => undefined);
      // The readers first: a batch in hand finishes against the table, the queue and SES before they go.
      await raceChanges?.stop();
      await sender?.stop();
      await stravaWorker?.stop();
      await Promise.all([cognito?.stop(), dynamo.stop(), lambdas.stop(), s3?.stop(), ses?.stop(), notificationQueue?.stop(), runSignupStandIn?.stop(), stripe?.stop(), openai?.stop(), weather?.stop(), stravaStandIn?.stop()]);
    })());

  try {
    // cognito-local starts while DynamoDB Local warms up; neither waits for the other.
    cognitoStarting = startCognitoLocal({
      dataDir,
      printCodes: options.printCodes,
      triggers: { lambdaEndpoint: lambdas.endpoint, functions: { PostConfirmation: POST_CONFIRMATION_FUNCTION, PreSignUp: PRE_SIGN_UP_FUNCTION } },
    });
    // Awaited below; this only keeps an early failure elsewhere from leaving its rejection unhandled.
    cognitoStarting.catch(() => undefined);
    // CSV exports: files go to the S3 stand-in, and the worker runs in this process, invoked like in AWS.
    // Event images and activity files: the uploads bucket notifies the function of each new object's prefix, as
    // S3 does in AWS (infra/event-images.ts, infra/activity-uploads.ts).
    s3 = await startS3StandIn({
      dir: join(dataDir, 's3'),
      buckets: [EXPORTS_BUCKET, UPLOADS_BUCKET, MEDIA_BUCKET],
      corsOrigin: (origin) => LOOPBACK_ORIGIN.test(origin),
      onObjectCreated: async ({ bucket, key, size }) => {
        if (bucket !== UPLOADS_BUCKET) return;
        const { handler } = key.startsWith('activities/')
          ? await import('../../lambdas/activity-uploads/process-activity-upload.ts')
          : await import('../../lambdas/event-images/process-image.ts');
        await handler(objectCreatedEvent(bucket, key, size));
      },
    });
    // E-mail: the handlers' SESv2 client sends to the stand-in, which keeps the mail in memory for the mailbox.
    ses = await startSesStandIn();
    // Notifications: producers put them on the queue, the sender (started once the gateway's URL is known) drains it.
    notificationQueue = await startLocalNotificationQueue(STRAVA_QUEUES);
    applyHandlerEnvironment({
      tableName,
      dynamoEndpoint: dynamo.endpoint,
      s3: { endpoint: s3.endpoint, exportsBucket: EXPORTS_BUCKET, uploadsBucket: UPLOADS_BUCKET, mediaBucket: MEDIA_BUCKET },
      sesEndpoint: ses.url,
      unsubscribeSecret: localUnsubscribeSecret(dataDir),
      mailFrom: LOCAL_MAIL_FROM,
      notificationQueue: { sqsEndpoint: notificationQueue.sqs.url, queueUrl: notificationQueue.queueUrl },
      lambdas: { endpoint: lambdas.endpoint, exportWorker: EXPORT_WORKER_FUNCTION, accountDeletionWorker: ACCOUNT_DELETION_FUNCTION },
      superAdminEmails: options.superAdminEmails ?? process.env.SUPER_ADMIN_EMAILS,
      logLevel: options.logLevel,
    });
    const runSignup = options.runSignup ?? (process.env.RUNSIGNUP_API_URL?.trim() ? { url: process.env.RUNSIGNUP_API_URL.trim() } : { races: await defaultStandInRaces() });
    if ('races' in runSignup) runSignupStandIn = await startRunSignupStandIn({ races: runSignup.races, ...(runSignup.faults ? { faults: runSignup.faults } : {}) });
    const runSignupUrl = 'url' in runSignup ? runSignup.url : runSignupStandIn!.url;
    stepFunctions = await startStepFunctionsServer({ ...(options.importRetryIntervalMs !== undefined ? { retryIntervalMs: options.importRetryIntervalMs } : {}) });
    applyHandlerImportEnvironment({ runSignupApiUrl: runSignupUrl, stepFunctionsEndpoint: stepFunctions.endpoint, stateMachineArn: stepFunctions.stateMachineArn });
    // Payments: the handlers' Stripe SDK talks to the stand-in, which signs its events with the same secret the
    // webhook route verifies; their URL is the gateway's, known once it listens (below).
    stripe = await startStripeStandIn({ webhookSecret: options.stripeWebhookSecret ?? (process.env.STRIPE_WEBHOOK_SECRET?.trim() || LOCAL_WEBHOOK_SECRET) });
    applyHandlerStripeEnvironment({ apiUrl: stripe.url, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret });
    // The coach: the handlers' OpenAI SDK talks to the local stand-in, so the real SDK path runs offline.
    if ((options.coach ?? (process.env.RACEFINDER_COACH === 'offline' ? 'offline' : 'stand-in')) === 'stand-in') {
      openai = await startOpenAiStandIn();
      applyHandlerOpenAiEnvironment({ baseUrl: openai.url, apiKey: openai.apiKey });
    }
    // Race-day forecasts: the handlers' NWS client talks to the stand-in unless a URL is passed through.
    const weatherUrl = options.weather === 'stand-in' ? undefined : (options.weather?.url ?? (process.env.WEATHER_API_URL?.trim() || undefined));
    if (!weatherUrl) weather = await startWeatherStandIn();
    applyHandlerWeatherEnvironment({ apiUrl: weatherUrl ?? weather!.url });
    // Strava sync: the handlers' client talks to the stand-in unless STRAVA_API_URL is passed through with an application of one's own.
    const stravaPassed = options.strava === 'stand-in' ? undefined : process.env.STRAVA_API_URL?.trim() || undefined;
    if (!stravaPassed) stravaStandIn = await startStravaStandIn();
    const stravaApp = stravaStandIn
      ? { url: stravaStandIn.url, clientId: stravaStandIn.clientId, clientSecret: stravaStandIn.clientSecret }
      : { url: stravaPassed!, clientId: process.env.STRAVA_CLIENT_ID?.trim() ?? '', clientSecret: process.env.STRAVA_CLIENT_SECRET?.trim() ?? '' };
    if (!stravaApp.clientId || !stravaApp.clientSecret) throw new Error('STRAVA_API_URL is set: set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET too (docs/strava.md)');
    const stravaQueueUrl = notificationQueue.sqs.queueUrl(STRAVA_QUEUE);
    applyHandlerStravaEnvironment({
      apiUrl: stravaApp.url,
      clientId: stravaApp.clientId,
      clientSecret: stravaApp.clientSecret,
      tokenKey: localStravaTokenKey(dataDir),
      queueUrl: stravaQueueUrl,
      ...(options.stravaMaxWaitSeconds !== undefined ? { maxWaitSeconds: options.stravaMaxWaitSeconds } : {}),
    });
    // The image holds the table: it counts as new (demo accounts, seed record) though ensureTable finds it.
    let created = (await ensureTable(dynamo.client, tableName)) || image !== undefined;
    if (image) {
      // Nothing to check: the folder was replaced by the image above.
    } else if (!created && !existsSync(seedFile)) {
      // A table without a finished seed was interrupted mid-seed: start it over rather than keep half a catalogue.
      console.log(INTERRUPTED);
      await deleteTable(dynamo, tableName);
      created = await ensureTable(dynamo.client, tableName);
    }
    // A table this code made is laid out as the migrations would leave it; one kept from before is migrated now,
    // resuming where a start that was stopped left off (lambdas/migrations).
    const { baselineMigrations, runMigrations } = await import('../../lambdas/migrations/runner.ts');
    if (created) await baselineMigrations();
    else await runMigrations({ onStep: migrationProgressLogger() });
    cognito = await cognitoStarting;
    applyHandlerCognitoEnvironment(cognito);

    let seededAccounts = false;
    if (created) rmSync(seedFile, { force: true });
    if (created || cognito.created) {
      await seedDemoAccounts(cognito.client, cognito.userPoolId);
      seededAccounts = true;
    }
    // The ZIP and city directory of radius searches ('near 80302'): in the image already, else written once
    // (about 2,200 items, a second or two); one read when it is there.
    const { ensurePlaceDirectory } = await import('../../lambdas/imports/normalize/place-directory.ts');
    await ensurePlaceDirectory();
    const eventsToSeed = created ? (options.seedEvents ?? DEFAULT_SEED_EVENTS) : 0;
    // The seed record marks a finished seed; a start interrupted before it rebuilds the table (above).
    const seedCatalogue = async () => {
      if (!created) return;
      if (eventsToSeed > 0 && !image) {
        // Imported only now: the event store reads its configuration from the environment set above.
        const { seedEvents } = await import('./seed/seed-events.ts');
        await seedEvents(eventsToSeed, todayInNewYork());
      }
      const record: SeedRecord = { events: eventsToSeed, today: todayInNewYork(), at: new Date().toISOString() };
      writeFileSync(seedFile, JSON.stringify(record, null, 2));
    };
    const seeding = options.seedInBackground && !image ? Promise.resolve() : seedCatalogue();
    await seeding;

    const readyS3 = s3;
    gateway = await startGateway({
      port,
      webRoot: options.webRoot === false ? undefined : (options.webRoot ?? DEFAULT_WEB_ROOT),
      cognito,
      siteUrl: options.siteUrl,
      throttleScale: options.throttleScale,
      onInvoke: options.onInvoke,
      // A write may change a saved race: its change is read from the stream now, not after the reader's idle backoff.
      onAnswered: (_routeId, method) => {
        if (method !== 'GET' && method !== 'HEAD') raceChanges?.wake();
      },
      mailboxUrl: ses.url,
      schedules: LOCAL_SCHEDULES,
      media: { read: (key) => readyS3.getObject(MEDIA_BUCKET, key), uploadOrigin: new URL(s3.endpoint).origin },
      ...(options.contact === null ? {} : { contact: options.contact ?? LOCAL_SITE_CONTACT }),
    });
    const ready = gateway;
    applyHandlerSiteEnvironment({ siteUrl: options.siteUrl ?? ready.url });
    // The sender's links need the site's URL, set just above.
    sender = await startLocalSender(notificationQueue);
    // Strava's events and the backfill: the worker drains the sync queue. With the stand-in, the stack subscribes as an
    // operator does in AWS, and the stand-in checks the gateway's webhook with its hub.challenge on the way.
    stravaWorker = await startLocalStravaWorker(notificationQueue.sqs.url, stravaQueueUrl);
    if (stravaStandIn) {
      const { ensurePushSubscription } = await import('../../lambdas/strava/push-subscription.ts');
      // Without it the site still runs; only Strava's events would not arrive, which the warning says.
      await ensurePushSubscription(new URL(STRAVA_WEBHOOK_PATH, ready.url).toString()).catch((error: unknown) =>
        console.warn(`Strava stand-in: the push subscription was not created, so no Strava events will arrive: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    const readyStravaWorker = stravaWorker;
    // Saved races' changes are told from the table's stream, as in AWS: whatever wrote the change.
    raceChanges = await startRaceChangeStream({ endpoint: dynamo.endpoint, tableName });
    const readySender = sender;
    const readyQueue = notificationQueue;
    stripe.setWebhookUrl(new URL(STRIPE_WEBHOOK_PATH, ready.url).toString());
    const readyStripe = stripe;
    const readyCognito = cognito;
    const readyStepFunctions = stepFunctions;
    const readySes = ses;
    const backgroundSeed = options.seedInBackground && !image ? seedCatalogue() : seeding;
    // A stop during the seed ends it with an error that no one needs to see; the next start rebuilds.
    backgroundSeed.catch(() => undefined);
    return {
      url: ready.url,
      port: ready.port,
      tableName,
      dynamoEndpoint: dynamo.endpoint,
      cognito: readyCognito,
      demoAccounts: DEMO_ACCOUNTS,
      demoPassword: DEMO_PASSWORD,
      seeded: {
        demoAccounts: seededAccounts,
        events: eventsToSeed,
        ...(eventsToSeed > 0 ? { from: image ? { image: true as const, ...image } : { image: false as const } } : {}),
      },
      seeding: backgroundSeed,
      runSignupUrl,
      ...(runSignupStandIn ? { runSignupStandIn } : {}),
      stepFunctions: readyStepFunctions,
      stripe: readyStripe,
      ...(openai ? { openai } : {}),
      weatherUrl: weatherUrl ?? weather!.url,
      ...(weather ? { weather } : {}),
      ses: readySes,
      notifications: { queueUrl: readyQueue.queueUrl, deadLetterQueueUrl: readyQueue.deadLetterQueueUrl, sqsEndpoint: readyQueue.sqs.url, drained: () => readySender.drained() },
      strava: {
        ...stravaApp,
        ...(stravaStandIn ? { standIn: stravaStandIn } : {}),
        queueUrl: stravaQueueUrl,
        deadLetterQueueUrl: readyQueue.sqs.queueUrl(STRAVA_DLQ),
        drained: () => readyStravaWorker.drained(),
      },
      s3: readyS3,
      pids: { dynamodb: dynamo.pid, cognito: readyCognito.pid },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw portInUse(port, error);
    throw error;
  }
}

/** The ObjectCreated notification S3 sends a Lambda, for one object (keys form-encoded, as S3 sends them). */
function objectCreatedEvent(bucket: string, key: string, size: number): S3Event {
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: 'us-east-1',
        eventTime: new Date().toISOString(),
        eventName: 'ObjectCreated:Post',
        userIdentity: { principalId: 'local' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': 'local', 'x-amz-id-2': 'local' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'uploads',
          bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
          object: { key: encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+'), size, eTag: '', sequencer: '0' },
        },
      },
    ],
  };
}

/** Races the local RunSignup stand-in serves by default: a few pages, the awkward cases first. */
export const STAND_IN_RACES = 1200;

/** The stand-in's races when none are given: the fixture races of infra/local/runsignup/fixture-races.ts. */
async function defaultStandInRaces(): Promise<readonly unknown[]> {
  const { fixtureRaces } = await import('./runsignup/fixture-races.ts');
  return fixtureRaces({ count: STAND_IN_RACES, today: todayInNewYork(), seed: 8 });
}

/** What the last completed seed wrote, if any (for the start banner). */
export function readSeedRecord(dataDir: string): SeedRecord | undefined {
  const file = join(dataDir, 'seed.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SeedRecord;
  } catch {
    return undefined;
  }
}

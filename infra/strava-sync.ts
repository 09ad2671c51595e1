import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Data } from './data.ts';
import type { StravaAppConfig } from './deploy-config.ts';
import { LambdaFunction } from './lambda-function.ts';
import { handlerEnvironment, stravaEnvironment, stravaQueueEnvironment, stravaSecretEnvironment } from './lambda-environment.ts';
import { TRIGGERS } from './lambda-triggers.ts';

/** Strava's own origin: its API, its token endpoint and its authorize page. */
export const STRAVA_ORIGIN = 'https://www.strava.com';
/** A batch's Strava calls (two an activity, a refresh now and then) and its writes, at Strava's pace. */
export const STRAVA_WORKER_TIMEOUT = Duration.seconds(60);
/** Messages per invocation: a backfill page queues fifty, taken five at a time. */
export const STRAVA_BATCH_SIZE = 5;
/** Strava's limits are the application's, shared by every worker: a couple at once keep well within them. */
export const STRAVA_MAX_CONCURRENCY = 2;
/** Receives before a message is moved to the dead-letter queue (a rate-limit wait never counts: the worker requeues it). */
export const STRAVA_MAX_RECEIVE_COUNT = 5;
/** The tokens key's length: well over lambdas/strava/token-key-length.ts (32). */
export const STRAVA_TOKEN_KEY_LENGTH = 64;

export interface StravaSyncProps {
  readonly data: Data;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
  /** The Strava application from deploy context (stravaClientId, stravaClientSecretName); absent, sync is not offered. */
  readonly app?: StravaAppConfig;
}

/**
 * Strava sync (issue 25, docs/strava.md): the queue the webhook route puts Strava's events on (and the backfill its
 * pages and activities), the worker that drains it into the training log within Strava's rate limits, and the
 * generated secret the athletes' tokens are encrypted under (the OAuth state's key and the webhook's verify token
 * derive from it too). The grants hand the routes what each needs: the application and the key (connect, return,
 * disconnect), the key alone (the handshake), the queue alone (events), or only whether Strava is set up (status).
 *
 * A message that fails STRAVA_MAX_RECEIVE_COUNT times (Strava down for long, a bug) moves to the dead-letter queue,
 * kept 14 days; infra/operations.ts alarms on any message there, and docs/strava.md says how to move them back.
 */
export class StravaSync extends Construct {
  readonly tokenKey: Secret;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: LambdaFunction;
  private readonly app?: StravaAppConfig;
  private readonly clientSecret?: ISecret;

  constructor(scope: Construct, id: string, props: StravaSyncProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.app = props.app;
    this.tokenKey = new Secret(this, 'TokenKey', {
      description: `${stack.stackName}: encrypts the athletes' Strava tokens, signs the OAuth state, and makes the webhook's verify token`,
      generateSecretString: { passwordLength: STRAVA_TOKEN_KEY_LENGTH, excludePunctuation: true },
    });
    Validations.of(this.tokenKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The stored Strava tokens are encrypted under a key derived from this value (lambdas/strava/strava-keys.ts): rotating it ' +
        'would leave every connection unreadable until each athlete connects again, and the push subscription would need its verify token anew',
    });
    if (props.app) {
      this.clientSecret = props.app.clientSecretName.startsWith('arn:')
        ? Secret.fromSecretCompleteArn(this, 'ClientSecret', props.app.clientSecretName)
        : Secret.fromSecretNameV2(this, 'ClientSecret', props.app.clientSecretName);
    }

    // A message that moves here keeps its first enqueue time: this queue keeps messages longer than the main one.
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a queue that feeds Lambda: six times the function's timeout.
      visibilityTimeout: Duration.seconds(STRAVA_WORKER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: STRAVA_MAX_RECEIVE_COUNT },
    });

    this.worker = new LambdaFunction(this, 'Worker', {
      handlerModule: TRIGGERS.stravaSync.handler,
      description: TRIGGERS.stravaSync.summary,
      timeout: STRAVA_WORKER_TIMEOUT,
      environment: handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }),
    });
    this.worker.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: STRAVA_BATCH_SIZE,
        // Only the failed messages of a batch come back.
        reportBatchItemFailures: true,
        maxConcurrency: STRAVA_MAX_CONCURRENCY,
      }),
    );
    // Connections, log entries with their markers and figures, the rate-limit record.
    props.data.grantReadWriteData(this.worker);
    this.grantApp(this.worker);
    // It puts the backfill's pages and activities on the queue, and a message back while Strava says wait.
    this.grantEnqueue(this.worker);
  }

  private setEnvironment(fn: LambdaFn, environment: Record<string, string>): void {
    for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value);
  }

  /** Whether Strava sync is set up (STRAVA_CLIENT_ID): the status route says so without touching a secret. */
  tellConfigured(fn: LambdaFn): void {
    if (this.app) this.setEnvironment(fn, { STRAVA_CLIENT_ID: this.app.clientId });
  }

  /** The application (id, secret, Strava's URL) and the tokens key: connecting, disconnecting, syncing. */
  grantApp(fn: LambdaFn): void {
    this.grantTokenKey(fn);
    if (!this.app || !this.clientSecret) return;
    this.clientSecret.grantRead(fn);
    this.setEnvironment(fn, {
      ...stravaEnvironment({ apiUrl: STRAVA_ORIGIN, clientId: this.app.clientId }),
      ...stravaSecretEnvironment({ tokenKeySecretName: this.tokenKey.secretArn, clientSecretName: this.clientSecret.secretArn }),
    });
  }

  /** The tokens key alone: the webhook handshake compares the verify token derived from it. */
  grantTokenKey(fn: LambdaFn): void {
    this.tokenKey.grantRead(fn);
    this.setEnvironment(fn, stravaSecretEnvironment({ tokenKeySecretName: this.tokenKey.secretArn }));
  }

  /** Putting messages on the sync queue (lambdas/strava/sync-queue.ts): the webhook, the return route's backfill. */
  grantEnqueue(fn: LambdaFn): void {
    this.queue.grantSendMessages(fn);
    this.setEnvironment(fn, stravaQueueEnvironment({ queueUrl: this.queue.queueUrl }));
  }
}

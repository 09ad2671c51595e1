/**
 * The Lambda environment of the local stack. Handler modules read their configuration (lambdas/lib/config.ts)
 * and build their clients once, when first imported, exactly as a Lambda container does at cold start; so the
 * variables must be on process.env before the first handler, store or seed module is imported, and they
 * cannot change afterwards within one module graph.
 */
import { readFileSync } from 'node:fs';
import {
  accountDeletionStarterEnvironment,
  uploadBucketsEnvironment,
  exportsEnvironment,
  handlerEnvironment,
  importStarterEnvironment,
  importTaskEnvironment,
  offAwsEnvironment,
  stripeEnvironment,
  openAiEnvironment,
  siteEnvironment,
  stravaEnvironment,
  stravaQueueEnvironment,
  tokenVerifierEnvironment,
  weatherEnvironment,
  weatherUserAgent,
} from '../lambda-environment.ts';

export interface HandlerEnvironment {
  readonly tableName: string;
  readonly dynamoEndpoint: string;
  /** Comma-separated e-mails that become super admins on first sign-in. */
  readonly superAdminEmails?: string;
  /** Powertools log level of the handlers (DEBUG, INFO, WARN, ERROR). */
  readonly logLevel?: string;
  /** The local S3 stand-in, its exports bucket and the event images' buckets (infra/local/s3-stand-in.ts). */
  readonly s3?: { readonly endpoint: string; readonly exportsBucket: string; readonly uploadsBucket?: string; readonly mediaBucket?: string };
  /** The local Lambda invoke stand-in and the names the export and account deletion workers answer to there. */
  readonly lambdas?: { readonly endpoint: string; readonly exportWorker: string; readonly accountDeletionWorker?: string };
  /** The local SES stand-in (infra/local/ses/stand-in.ts): SES_ENDPOINT, where the handlers' SESv2 client sends mail. */
  readonly sesEndpoint?: string;
  /** The key of one-click unsubscribe links (infra/local/unsubscribe-secret.ts): UNSUBSCRIBE_SECRET. */
  readonly unsubscribeSecret?: string;
  /** Who notifications are from (MAIL_FROM): the SES stand-in takes any well-formed address. */
  readonly mailFrom?: string;
  /** The notification queue on the SQS stand-in (infra/local/notification-queue.ts): SQS_ENDPOINT, NOTIFICATION_QUEUE_URL. */
  readonly notificationQueue?: { readonly sqsEndpoint: string; readonly queueUrl: string };
}

/** The version /api/health reports locally: package.json's version, marked as local. */
export function localAppVersion(): string {
  const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return `${packageJson.version}-local`;
}

let applied: string | undefined;

export function applyHandlerEnvironment(environment: HandlerEnvironment): void {
  const identity = `${environment.tableName}@${environment.dynamoEndpoint}`;
  if (applied && applied !== identity) {
    throw new Error(
      `The handlers in this process already point at ${applied}; one local stack per process (stop it and run another process)`,
    );
  }
  applied = identity;
  Object.assign(process.env, {
    ...handlerEnvironment({
      tableName: environment.tableName,
      appVersion: localAppVersion(),
      superAdminEmails: environment.superAdminEmails ?? '',
    }),
    ...(environment.s3
      ? {
          ...exportsEnvironment({ bucketName: environment.s3.exportsBucket, workerFunctionName: environment.lambdas?.exportWorker }),
          ...uploadBucketsEnvironment({ uploadsBucket: environment.s3.uploadsBucket, mediaBucket: environment.s3.mediaBucket }),
        }
      : {}),
    ...(environment.lambdas?.accountDeletionWorker ? accountDeletionStarterEnvironment({ workerFunctionName: environment.lambdas.accountDeletionWorker }) : {}),
    ...offAwsEnvironment({
      dynamoEndpoint: environment.dynamoEndpoint,
      s3Endpoint: environment.s3?.endpoint,
      lambdaEndpoint: environment.lambdas?.endpoint,
      sesEndpoint: environment.sesEndpoint,
      logLevel: environment.logLevel ?? process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    }),
    ...(environment.unsubscribeSecret ? { UNSUBSCRIBE_SECRET: environment.unsubscribeSecret } : {}),
    ...(environment.mailFrom ? { MAIL_FROM: environment.mailFrom } : {}),
    ...(environment.notificationQueue ? { SQS_ENDPOINT: environment.notificationQueue.sqsEndpoint, NOTIFICATION_QUEUE_URL: environment.notificationQueue.queueUrl } : {}),
    // Locally the sender may go as fast as the stand-in takes mail; AWS sets the account's SES quota (infra/notifications.ts).
    SEND_RATE_PER_SECOND: process.env.SEND_RATE_PER_SECOND?.trim() || '50',
  });
}

export interface HandlerCognitoEnvironment {
  readonly userPoolId: string;
  readonly clientId: string;
  readonly issuer: string;
  readonly jwksUri: string;
  /** cognito-local's admin API, where the account deletion worker removes sign-ins. */
  readonly endpoint?: string;
}

/**
 * What routes with optional sign-in need to verify a token themselves (lambdas/lib/token-verifier.ts), set
 * once cognito-local is up and before the gateway loads a handler. In AWS the stack sets the pool and client
 * ids and the issuer follows from them; cognito-local's issuer is its own URL, so it is given explicitly.
 */
export function applyHandlerCognitoEnvironment(cognito: HandlerCognitoEnvironment): void {
  Object.assign(process.env, tokenVerifierEnvironment(cognito), cognito.endpoint ? { COGNITO_ENDPOINT: cognito.endpoint } : {});
}

export interface HandlerImportEnvironment {
  /** RunSignup's base URL: the stand-in's, or RUNSIGNUP_API_URL passed through from the shell. */
  readonly runSignupApiUrl: string;
  /** The local Step Functions stand-in the startImportJob route starts runs on. */
  readonly stepFunctionsEndpoint: string;
  readonly stateMachineArn: string;
}

/**
 * What the import needs locally: the task handlers' RunSignup URL and allow-list (RunSignup's own host plus
 * the loopback stand-in's), and for the route that starts runs the state machine and where it answers.
 */
export function applyHandlerImportEnvironment(environment: HandlerImportEnvironment): void {
  const host = new URL(environment.runSignupApiUrl).hostname;
  Object.assign(process.env, {
    ...importTaskEnvironment({ runSignupApiUrl: environment.runSignupApiUrl, allowedHosts: [...new Set(['runsignup.com', '127.0.0.1', host])] }),
    ...importStarterEnvironment({ stateMachineArn: environment.stateMachineArn, stepFunctionsEndpoint: environment.stepFunctionsEndpoint }),
  });
}

export interface HandlerStripeEnvironment {
  /** The local Stripe stand-in the SDK is pointed at. */
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
}

/** Points lambdas/lib/stripe.ts at the local Stripe stand-in, with the stand-in's key and webhook secret. */
export function applyHandlerStripeEnvironment(environment: HandlerStripeEnvironment): void {
  Object.assign(
    process.env,
    stripeEnvironment({ apiUrl: environment.apiUrl, localSecretKey: environment.secretKey, localWebhookSecret: environment.webhookSecret }),
  );
}

/**
 * The site's address for the routes that link back to it (calendar feeds): the gateway's, known once it
 * listens, which is before any request can load those handlers (the gateway loads a handler on its first call).
 */
export function applyHandlerSiteEnvironment(environment: { readonly siteUrl: string }): void {
  Object.assign(process.env, siteEnvironment(environment));
}

/** Points lambdas/lib/openai.ts at the local OpenAI stand-in, with the stand-in's key. */
export function applyHandlerOpenAiEnvironment(environment: { readonly baseUrl: string; readonly apiKey: string }): void {
  Object.assign(process.env, openAiEnvironment({ baseUrl: environment.baseUrl, localApiKey: environment.apiKey }));
}

/**
 * Points lambdas/lib/nws.ts at the weather stand-in (or WEATHER_API_URL passed through from the shell). Against
 * the real NWS, set WEATHER_USER_AGENT in the shell too, with a way to reach you.
 */
export function applyHandlerWeatherEnvironment(environment: { readonly apiUrl: string }): void {
  const userAgent = process.env.WEATHER_USER_AGENT?.trim() || weatherUserAgent(localAppVersion(), 'local development');
  Object.assign(process.env, weatherEnvironment({ apiUrl: environment.apiUrl, userAgent }));
}

export interface HandlerStravaEnvironment {
  /** The Strava stand-in's URL (or STRAVA_API_URL passed through from the shell). */
  readonly apiUrl: string;
  readonly authorizeUrl?: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The tokens key kept in the data folder (infra/local/strava/token-key.ts). */
  readonly tokenKey: string;
  readonly queueUrl: string;
  readonly maxWaitSeconds?: number;
}

/** Points lambdas/strava at the Strava stand-in, with its application's id and secret, the tokens key and the sync queue. */
export function applyHandlerStravaEnvironment(environment: HandlerStravaEnvironment): void {
  Object.assign(process.env, {
    ...stravaEnvironment({
      apiUrl: environment.apiUrl,
      ...(environment.authorizeUrl ? { authorizeUrl: environment.authorizeUrl } : {}),
      clientId: environment.clientId,
      localClientSecret: environment.clientSecret,
      localTokenKey: environment.tokenKey,
      ...(environment.maxWaitSeconds !== undefined ? { maxWaitSeconds: environment.maxWaitSeconds } : {}),
    }),
    ...stravaQueueEnvironment({ queueUrl: environment.queueUrl }),
  });
}

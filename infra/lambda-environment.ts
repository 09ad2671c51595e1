/**
 * The one place the handlers' environment is written (lambdas/lib/config.ts and lambdas/lib/token-verifier.ts
 * read it). The API's area stacks, the sign-up trigger, the local stack (infra/local/handler-env.ts) and the
 * benchmarks all build it here, so a variable added for one cannot be forgotten by another.
 *
 * No secrets pass through here: a route that needs one names its Secrets Manager secret in
 * infra/route-needs.ts, and the handler reads the value at cold start.
 */

export interface HandlerSettings {
  /** The DynamoDB table's name (a token in AWS). */
  readonly tableName: string;
  /** What GET /api/health reports. */
  readonly appVersion: string;
  /** E-mails that become super admins on sign-up: a list, or already comma-joined. */
  readonly superAdminEmails: readonly string[] | string;
}

/**
 * What a handler needs to verify a sent token itself (routes with optional sign-in, which have no JWT
 * authorizer in front of them). In AWS the pool and client ids suffice (the issuer follows from them; the
 * pool's JWKS is public, so no grant is needed); cognito-local has its own issuer and JWKS URL.
 */
export interface TokenVerifierSettings {
  readonly userPoolId: string;
  readonly clientId: string;
  readonly issuer?: string;
  readonly jwksUri?: string;
}

/** CSV exports (lambdas/exports): the bucket their files go to, and the worker that writes them. */
export interface ExportSettings {
  readonly bucketName: string;
  /** The worker's function name; only the route that starts exports needs it. */
  readonly workerFunctionName?: string;
}

/** Off AWS only: where DynamoDB answers and the placeholder credentials the SDK insists on. */
export interface OffAwsSettings {
  /** DynamoDB Local's URL; left out where no request is made (timing module imports), as in AWS. */
  readonly dynamoEndpoint?: string;
  /** The local S3 stand-in's URL (infra/local/s3-stand-in.ts); S3 itself in AWS. */
  readonly s3Endpoint?: string;
  /** The local Lambda invoke stand-in's URL (infra/local/lambda-invoke-server.ts); Lambda itself in AWS. */
  readonly lambdaEndpoint?: string;
  /** The local SES stand-in's URL (infra/local/ses/stand-in.ts), the SESv2 client's endpoint; SES itself in AWS. */
  readonly sesEndpoint?: string;
  /** Powertools log level (DEBUG, INFO, WARN, ERROR, SILENT). */
  readonly logLevel: string;
  readonly region?: string;
}

const SERVICE_NAME = 'racefinder';

/** The variables every handler of ours reads, in AWS and locally. */
export function handlerEnvironment(settings: HandlerSettings): Record<string, string> {
  const superAdminEmails =
    typeof settings.superAdminEmails === 'string' ? settings.superAdminEmails : settings.superAdminEmails.join(',');
  return {
    TABLE_NAME: settings.tableName,
    APP_VERSION: settings.appVersion,
    SUPER_ADMIN_EMAILS: superAdminEmails,
    POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
  };
}

/**
 * The site's own address (lambdas/lib/site-url.ts), for links back to it in what leaves the site (a calendar
 * feed's entries link to the event pages). Only the routes that say so in route-needs.ts get it.
 */
export function siteEnvironment(settings: { readonly siteUrl: string }): Record<string, string> {
  return { SITE_URL: settings.siteUrl };
}

/** The variables of lambdas/lib/token-verifier.ts; only routes with optional sign-in get them. */
export function tokenVerifierEnvironment(settings: TokenVerifierSettings): Record<string, string> {
  return {
    COGNITO_USER_POOL_ID: settings.userPoolId,
    COGNITO_CLIENT_ID: settings.clientId,
    ...(settings.issuer !== undefined ? { COGNITO_ISSUER: settings.issuer } : {}),
    ...(settings.jwksUri !== undefined ? { COGNITO_JWKS_URI: settings.jwksUri } : {}),
  };
}

/** The variables of lambdas/exports: EXPORTS_BUCKET, and EXPORT_WORKER_FUNCTION where the worker is started. */
export function exportsEnvironment(settings: ExportSettings): Record<string, string> {
  return {
    EXPORTS_BUCKET: settings.bucketName,
    ...(settings.workerFunctionName !== undefined ? { EXPORT_WORKER_FUNCTION: settings.workerFunctionName } : {}),
  };
}

/**
 * The uploads bucket (#lib/uploads-bucket: event images and activity files) and the media bucket of event images
 * (#lib/media-bucket); a function gets the ones it reaches.
 */
export function uploadBucketsEnvironment(settings: { readonly uploadsBucket?: string; readonly mediaBucket?: string }): Record<string, string> {
  return {
    ...(settings.uploadsBucket !== undefined ? { UPLOADS_BUCKET: settings.uploadsBucket } : {}),
    ...(settings.mediaBucket !== undefined ? { IMAGE_MEDIA_BUCKET: settings.mediaBucket } : {}),
  };
}

/**
 * The variables of the account deletion worker (lambdas/users/delete-account-worker.ts): the user pool its sign-in is
 * removed from (COGNITO_ENDPOINT only off AWS: cognito-local) and the bucket of the person's export files.
 */
export function accountDeletionWorkerEnvironment(settings: { readonly userPoolId: string; readonly exportsBucket: string; readonly cognitoEndpoint?: string }): Record<string, string> {
  return {
    COGNITO_USER_POOL_ID: settings.userPoolId,
    EXPORTS_BUCKET: settings.exportsBucket,
    ...(settings.cognitoEndpoint !== undefined ? { COGNITO_ENDPOINT: settings.cognitoEndpoint } : {}),
  };
}

/** The variable of the route that starts it (DELETE /api/me): the worker's name. */
export function accountDeletionStarterEnvironment(settings: { readonly workerFunctionName: string }): Record<string, string> {
  return { ACCOUNT_DELETION_WORKER_FUNCTION: settings.workerFunctionName };
}

/** The variable of lambdas/pages/page-function.ts: the web bucket whose build (index.html, manifest, config.json) the pages answer with. */
export function eventPagesEnvironment(settings: { readonly webBucketName: string }): Record<string, string> {
  return { SITE_BUCKET: settings.webBucketName };
}

/** What a notification producer needs (lambdas/data/notification-queue.ts): the queue it puts messages on. */
export function notificationQueueEnvironment(settings: { readonly queueUrl: string; readonly sqsEndpoint?: string }): Record<string, string> {
  return {
    NOTIFICATION_QUEUE_URL: settings.queueUrl,
    ...(settings.sqsEndpoint !== undefined ? { SQS_ENDPOINT: settings.sqsEndpoint } : {}),
  };
}

/** In AWS: where lambdas/lib/unsubscribe-secret.ts finds the key of the unsubscribe links (a secret's name or ARN). */
export function unsubscribeSecretEnvironment(secretName: string): Record<string, string> {
  return { UNSUBSCRIBE_SECRET_SECRET_NAME: secretName };
}

export interface NotificationSenderSettings {
  /** SES calls per second for one sender container (lambdas/notifications/send-notifications.ts). */
  readonly sendRatePerSecond: number;
  /** The From address ("RaceFinder <alerts@example.com>"); left out, lambdas/lib/ses.ts refuses to send. */
  readonly mailFrom?: string;
  /** The SES configuration set whose bounce and complaint events feed the suppression list. */
  readonly configurationSet?: string;
  /** The site's origin, for the links in the messages (lambdas/lib/site-url.ts). */
  readonly siteUrl: string;
}

/** The sender's own variables (lambdas/lib/ses.ts, lambdas/notifications/send-notifications.ts). */
export function notificationSenderEnvironment(settings: NotificationSenderSettings): Record<string, string> {
  return {
    SEND_RATE_PER_SECOND: String(settings.sendRatePerSecond),
    ...(settings.mailFrom !== undefined ? { MAIL_FROM: settings.mailFrom } : {}),
    ...(settings.configurationSet !== undefined ? { SES_CONFIGURATION_SET: settings.configurationSet } : {}),
    ...siteEnvironment({ siteUrl: settings.siteUrl }),
  };
}

/**
 * What a Lambda container has from AWS itself (region, credentials) or from its log configuration, for
 * handlers run in a plain Node process: the local stack, the benchmarks.
 */
export function offAwsEnvironment(settings: OffAwsSettings): Record<string, string> {
  return {
    ...(settings.dynamoEndpoint !== undefined ? { DYNAMODB_ENDPOINT: settings.dynamoEndpoint } : {}),
    ...(settings.s3Endpoint !== undefined ? { S3_ENDPOINT: settings.s3Endpoint } : {}),
    ...(settings.lambdaEndpoint !== undefined ? { LAMBDA_ENDPOINT: settings.lambdaEndpoint } : {}),
    ...(settings.sesEndpoint !== undefined ? { SES_ENDPOINT: settings.sesEndpoint } : {}),
    AWS_REGION: settings.region ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    POWERTOOLS_LOG_LEVEL: settings.logLevel,
    // Node 20 runs the handlers locally; Lambda itself runs Node 22, so the SDK's notice says nothing useful.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

export interface ImportTaskSettings {
  /** RunSignup's base URL; a real deployment leaves it at RunSignup's own, the local stack names its stand-in. */
  readonly runSignupApiUrl?: string;
  /** Hosts the import may fetch (the base URL's host must be one of them). */
  readonly allowedHosts?: readonly string[];
}

/** The variables of the import state machine's task functions (lambdas/imports/runsignup/client.ts reads them). */
export function importTaskEnvironment(settings: ImportTaskSettings): Record<string, string> {
  return {
    RUNSIGNUP_API_URL: settings.runSignupApiUrl ?? 'https://runsignup.com',
    RUNSIGNUP_ALLOWED_HOSTS: (settings.allowedHosts ?? ['runsignup.com']).join(','),
  };
}

export interface ImportStarterSettings {
  /** The import state machine's ARN (a token in AWS). */
  readonly stateMachineArn: string;
  /** Local only: the Step Functions stand-in's URL. */
  readonly stepFunctionsEndpoint?: string;
}

/** What a route that starts import runs needs (lambdas/imports/start-execution.ts reads it). */
export function importStarterEnvironment(settings: ImportStarterSettings): Record<string, string> {
  return {
    IMPORT_STATE_MACHINE_ARN: settings.stateMachineArn,
    ...(settings.stepFunctionsEndpoint !== undefined ? { STEPFUNCTIONS_ENDPOINT: settings.stepFunctionsEndpoint } : {}),
  };
}

export interface StripeEnvironmentSettings {
  /** Off AWS only: the local Stripe stand-in's URL (infra/local/stripe/stand-in.ts); unset, the SDK talks to Stripe. */
  readonly apiUrl?: string;
  /**
   * Local only: the stand-in's test key and webhook secret, values with no worth outside this machine. In AWS
   * the keys are Secrets Manager secrets a route names in infra/route-needs.ts, never values passed here.
   */
  readonly localSecretKey?: string;
  readonly localWebhookSecret?: string;
}

/** In AWS: where lambdas/lib/stripe.ts finds the Stripe keys (Secrets Manager names or ARNs, never the values). */
export function stripeSecretEnvironment(secrets: { readonly secretKeyName: string; readonly webhookSecretName: string }): Record<string, string> {
  return { STRIPE_SECRET_KEY_SECRET_NAME: secrets.secretKeyName, STRIPE_WEBHOOK_SECRET_SECRET_NAME: secrets.webhookSecretName };
}

/** The variables of lambdas/lib/stripe.ts: STRIPE_API_URL, and locally STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. */
export function stripeEnvironment(settings: StripeEnvironmentSettings): Record<string, string> {
  return {
    ...(settings.apiUrl !== undefined ? { STRIPE_API_URL: settings.apiUrl } : {}),
    ...(settings.localSecretKey !== undefined ? { STRIPE_SECRET_KEY: settings.localSecretKey } : {}),
    ...(settings.localWebhookSecret !== undefined ? { STRIPE_WEBHOOK_SECRET: settings.localWebhookSecret } : {}),
  };
}

/** The variables of lambdas/lib/openai.ts off AWS: the local stand-in's URL and key (values worthless elsewhere). */
export function openAiEnvironment(settings: { readonly baseUrl?: string; readonly localApiKey?: string }): Record<string, string> {
  return {
    ...(settings.baseUrl !== undefined ? { OPENAI_BASE_URL: settings.baseUrl } : {}),
    ...(settings.localApiKey !== undefined ? { OPENAI_API_KEY: settings.localApiKey } : {}),
  };
}

/** In AWS: where lambdas/lib/openai.ts finds the OpenAI key (a Secrets Manager name or ARN, never the value). */
export function openAiSecretEnvironment(secretName: string): Record<string, string> {
  return { OPENAI_API_KEY_SECRET_NAME: secretName };
}

export interface WeatherSettings {
  /** The National Weather Service API's origin (default https://api.weather.gov); locally the stand-in's. */
  readonly apiUrl?: string;
  /**
   * The User-Agent the NWS asks every caller for: the app's name and version, and from deploy configuration a
   * way to reach its operator (weatherContact, or the site's address), never a person's details in code.
   */
  readonly userAgent: string;
}

/** The variables of lambdas/lib/nws.ts: WEATHER_API_URL (only this origin is fetched) and WEATHER_USER_AGENT. */
export function weatherEnvironment(settings: WeatherSettings): Record<string, string> {
  return { WEATHER_API_URL: settings.apiUrl ?? 'https://api.weather.gov', WEATHER_USER_AGENT: settings.userAgent };
}

/** "RaceFinder/<version>", with the contact in parentheses when there is one, as the NWS suggests. */
export function weatherUserAgent(appVersion: string, contact?: string): string {
  return contact ? `RaceFinder/${appVersion} (${contact})` : `RaceFinder/${appVersion}`;
}

export interface StravaEnvironmentSettings {
  /** Strava's origin for the API and the token exchange: https://www.strava.com, or the local stand-in's. */
  readonly apiUrl: string;
  /** The authorize page's origin the browser is sent to (default apiUrl). */
  readonly authorizeUrl?: string;
  /** The Strava application's id (not a secret: it is in every authorize URL). */
  readonly clientId: string;
  /** Local only: the stand-in's client secret and the tokens key (values worthless off this machine). */
  readonly localClientSecret?: string;
  readonly localTokenKey?: string;
  /** Local tests only: the longest wait for Strava's rate limits (lambdas/strava/rate-limits.ts). */
  readonly maxWaitSeconds?: number;
}

/** The variables of lambdas/strava/strava-api.ts and strava-keys.ts (docs/strava.md). */
export function stravaEnvironment(settings: StravaEnvironmentSettings): Record<string, string> {
  return {
    STRAVA_API_URL: settings.apiUrl,
    ...(settings.authorizeUrl !== undefined ? { STRAVA_AUTHORIZE_URL: settings.authorizeUrl } : {}),
    STRAVA_CLIENT_ID: settings.clientId,
    ...(settings.localClientSecret !== undefined ? { STRAVA_CLIENT_SECRET: settings.localClientSecret } : {}),
    ...(settings.localTokenKey !== undefined ? { STRAVA_TOKEN_KEY: settings.localTokenKey } : {}),
    ...(settings.maxWaitSeconds !== undefined ? { STRAVA_MAX_WAIT_SECONDS: String(settings.maxWaitSeconds) } : {}),
  };
}

/** In AWS: where the Strava functions find the client secret (from deploy context) and the generated tokens key, by name or ARN. */
export function stravaSecretEnvironment(secrets: { readonly tokenKeySecretName: string; readonly clientSecretName?: string }): Record<string, string> {
  return {
    STRAVA_TOKEN_KEY_SECRET_NAME: secrets.tokenKeySecretName,
    ...(secrets.clientSecretName !== undefined ? { STRAVA_CLIENT_SECRET_SECRET_NAME: secrets.clientSecretName } : {}),
  };
}

/** What puts messages on the Strava sync queue (lambdas/strava/sync-queue.ts): its URL. */
export function stravaQueueEnvironment(settings: { readonly queueUrl: string; readonly sqsEndpoint?: string }): Record<string, string> {
  return {
    STRAVA_QUEUE_URL: settings.queueUrl,
    ...(settings.sqsEndpoint !== undefined ? { SQS_ENDPOINT: settings.sqsEndpoint } : {}),
  };
}

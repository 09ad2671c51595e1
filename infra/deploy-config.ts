/**
 * Deploy configuration, read from CDK context (`cdk deploy -c name=value` or the "context" of cdk.json).
 * Every value is optional; a deployment with none of them has e-mail/password sign-in only.
 *
 *   googleClientId          Google OAuth client id. Turns on "Continue with Google" (a Cognito identity
 *                           provider plus managed login). Requires googleClientSecretName.
 *   googleClientSecretName  Name or ARN of a Secrets Manager secret whose plain-text value is the Google client
 *                           secret. Only the reference goes into the template (a CloudFormation dynamic
 *                           reference resolved at deploy); the secret never appears in code or in cdk.out.
 *   superAdminEmails        Comma-separated e-mail addresses that become super admins when they first sign up.
 *   callbackDomain          The site's own host name (no scheme, e.g. races.example.com). It becomes the site
 *                           URL in /config.json and the first OAuth callback/logout origin; the CloudFront
 *                           domain stays registered too. Without certificateArn the host must be served by a
 *                           proxy in front of CloudFront.
 *   certificateArn          ACM certificate in us-east-1 covering callbackDomain; when given, the distribution
 *                           answers on callbackDomain itself (point a DNS CNAME/alias at the CloudFront domain).
 *   apiDomain               Host name for the HTTP API (e.g. api.races.example.com), served with certificateArn
 *                           (the stack is in us-east-1, where that certificate lives, so it must cover this name
 *                           too). With it CloudFront reaches the API there and the execute-api endpoint is turned
 *                           off, so nothing reaches the API without passing the WAF and CloudFront; point a DNS
 *                           CNAME at the ApiDomainTarget output. Without it the execute-api endpoint must stay
 *                           on: it is CloudFront's only way to the API (an HTTP API takes no WAF of its own).
 *   domainPrefix            Managed login domain prefix (<prefix>.auth.<region>.amazoncognito.com); globally
 *                           unique per region. Default: "<stack name>-<account id>".
 *   appVersion              Version reported by GET /api/health. Default: package.json "version".
 *   alarmEmail              E-mail address subscribed to the alarm topic (SNS asks it to confirm). Without it the
 *                           alarms still change state and show on the dashboard, but notify no one.
 *   apiRateLimitPerIp       Requests to /api/* one client IP may make in 5 minutes before the WAF answers 429.
 *                           Default: DEFAULT_API_RATE_LIMIT_PER_IP (infra/waf.ts).
 *   importSchedule          When the nightly RunSignup import starts: an EventBridge Scheduler expression in
 *                           America/New_York time (default "cron(0 3 * * ? *)", 3 am), or "off" for no schedule.
 *   importState             Two-letter US state the nightly import is limited to. Default: all states.
 *   importDays              The nightly import's window: races from today to this many days ahead. Default 180.
 *   importLimit             Most races one nightly run reads (1 to 10,000). Default 10,000.
 *   stripeSecretKeyName     Name or ARN of a Secrets Manager secret holding the Stripe secret (or restricted) API
 *                           key as plain text. The promotion routes read it at cold start; only the name is in
 *                           the template. Requires stripeWebhookSecretName. Without both, promotions answer 503.
 *   stripeWebhookSecretName Name or ARN of a Secrets Manager secret holding the webhook endpoint's signing secret
 *                           (whsec_...), read by POST /api/stripe/webhook at cold start.
 *   stravaClientId          The Strava API application's client id (strava.com/settings/api). Turns on Strava sync
 *                           (docs/strava.md); requires stravaClientSecretName. Without both the Strava section says
 *                           Strava sync is not set up, and nothing reaches Strava.
 *   stravaClientSecretName  Name or ARN of a Secrets Manager secret whose plain-text value is that application's
 *                           client secret, read by the Strava functions at cold start.
 *   openAiKeySecretName     Name or ARN of a Secrets Manager secret holding the OpenAI API key as plain text, read
 *                           by the coach's route at cold start. Without it the offline coach answers.
 *   contactEmail            The team's public e-mail address, shown in the site footer and on /contact.
 *   contactPhone            The team's public phone number, shown likewise.
 *   contactCity             Where the team is, as the footer shows it (e.g. "Denver, CO"). Each of the three is
 *                           optional; without them the footer shows only the link to the contact form.
 *   weatherContact          How the National Weather Service can reach the site's operator (an e-mail address or
 *                           an https URL), sent in the User-Agent of its forecast requests as the NWS asks.
 *                           Default: https://<callbackDomain> when that is set, else none ("RaceFinder/<version>").
 *   mailFrom                The From address of the notification e-mail: an address, or a display name and an
 *                           address ("RaceFinder <alerts@races.example.com>"; the name in plain ASCII letters,
 *                           digits, spaces, hyphens and apostrophes). Its address must belong to sesIdentity.
 *                           Without it the stack still deploys and the in-app inbox works, but no e-mail can be
 *                           sent: the sender has no From address (lambdas/lib/ses.ts refuses) and no permission to
 *                           call SES, every message ends in the notification dead-letter queue, and that queue's
 *                           alarm fires; synth warns. No address is guessed (from callbackDomain, say): which
 *                           verified identity mails people is the operator's decision, and a guessed one that SES
 *                           has not verified would fail the same way, only later and less plainly.
 *   sesIdentity             The verified SES identity the mail is sent as: a domain (races.example.com; SES lets
 *                           it send from its subdomains too) or an address. The sender may call ses:SendEmail
 *                           on this identity (arn:aws:ses:<region>:<account>:identity/<identity>) and the
 *                           stack's configuration set, nothing else. Default: the domain of mailFrom's address.
 *   notificationSendRate    SES sends per second for the whole deployment, shared by the sender's concurrent
 *                           containers (infra/notifications.ts). Default 1, the sandbox's quota; raise it to the
 *                           account's sending quota (SES console, "Sending statistics") once SES grants production
 *                           access. At least 1: a batch must be sent well within the sender's timeout.
 *
 * The stack deploys to us-east-1 only (DEPLOY_REGION): CloudFront's WAF web ACL must be created there.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';
import type { SiteContact } from '#shared/runtime-config';
import { StateCodeSchema } from '#shared/schemas/event';

export interface GoogleSignInConfig {
  readonly clientId: string;
  /** Secrets Manager secret name or ARN; the value itself is resolved by CloudFormation at deploy. */
  readonly clientSecretName: string;
}

/** Where the Stripe keys live: Secrets Manager secret names or ARNs, never the values. */
export interface StripeSecretsConfig {
  readonly secretKeyName: string;
  readonly webhookSecretName: string;
}

/** The Strava application (docs/strava.md): its id, and where its secret lives (a Secrets Manager name or ARN). */
export interface StravaAppConfig {
  readonly clientId: string;
  readonly clientSecretName: string;
}

/** Who the notification e-mail is from and which verified SES identity sends it (see the header). */
export interface NotificationMailConfig {
  /** The From header: "alerts@races.example.com" or "RaceFinder <alerts@races.example.com>". */
  readonly from: string;
  /** A domain or an address, verified in SES. */
  readonly identity: string;
}

export interface DeployConfig {
  readonly google?: GoogleSignInConfig;
  readonly stripe?: StripeSecretsConfig;
  /** Strava sync's application; absent, Strava sync is not offered. */
  readonly strava?: StravaAppConfig;
  /** The OpenAI key's Secrets Manager name or ARN; absent, the offline coach answers. */
  readonly openAiKeySecretName?: string;
  /** An e-mail address or https URL for the NWS's User-Agent; see weatherContactOf. */
  readonly weatherContact?: string;
  readonly superAdminEmails: readonly string[];
  readonly callbackDomain?: string;
  readonly certificateArn?: string;
  /** The API's own host name (see the header); its presence turns the execute-api endpoint off. */
  readonly apiDomain?: string;
  readonly domainPrefix?: string;
  readonly appVersion: string;
  readonly alarmEmail?: string;
  /** @default DEFAULT_API_RATE_LIMIT_PER_IP (infra/waf.ts) */
  readonly apiRateLimitPerIp?: number;
  /** Only what the context says about the nightly import; importScheduleOf() fills in the defaults. */
  readonly importSchedule?: Partial<ImportScheduleConfig>;
  /** The public contact details /config.json carries; absent when none is configured. */
  readonly contact?: SiteContact;
  /** The notification e-mail's sender; absent, no e-mail is sent (see the header). */
  readonly mail?: NotificationMailConfig;
  /** SES sends per second for the deployment; notificationSendRateOf() fills in the default. */
  readonly notificationSendRate?: number;
}

/** SES's sandbox quota, which every account starts with. */
export const DEFAULT_NOTIFICATION_SEND_RATE = 1;

export function notificationSendRateOf(config: Pick<DeployConfig, 'notificationSendRate'>): number {
  return config.notificationSendRate ?? DEFAULT_NOTIFICATION_SEND_RATE;
}

/** The nightly RunSignup import (infra/imports.ts). */
export interface ImportScheduleConfig {
  readonly enabled: boolean;
  /** EventBridge Scheduler expression: cron(...), rate(...). */
  readonly expression: string;
  readonly timezone: string;
  readonly state?: string;
  readonly days: number;
  readonly limit: number;
  readonly autoVerify: boolean;
}

export const DEFAULT_IMPORT_SCHEDULE: ImportScheduleConfig = {
  enabled: true,
  expression: 'cron(0 3 * * ? *)',
  timezone: 'America/New_York',
  days: 180,
  limit: 10000,
  autoVerify: true,
};

export function importScheduleOf(config: Pick<DeployConfig, 'importSchedule'>): ImportScheduleConfig {
  return { ...DEFAULT_IMPORT_SCHEDULE, ...config.importSchedule };
}

export const CONTEXT_KEYS = [
  'googleClientId',
  'googleClientSecretName',
  'superAdminEmails',
  'callbackDomain',
  'certificateArn',
  'apiDomain',
  'domainPrefix',
  'appVersion',
  'alarmEmail',
  'apiRateLimitPerIp',
  'importSchedule',
  'importState',
  'importDays',
  'importLimit',
  'stripeSecretKeyName',
  'stripeWebhookSecretName',
  'openAiKeySecretName',
  'stravaClientId',
  'stravaClientSecretName',
  'contactEmail',
  'contactPhone',
  'contactCity',
  'weatherContact',
  'mailFrom',
  'sesIdentity',
  'notificationSendRate',
] as const;

/**
 * The one region the stack deploys to. A web ACL for CloudFront exists only in us-east-1, and CloudFormation
 * cannot create a resource in another region than its stack's; keeping the whole stack there (beside the
 * certificate CloudFront also reads from us-east-1) keeps the stack environment-agnostic, so synth needs no
 * credentials, and needs no second stack or cross-region references.
 */
export const DEPLOY_REGION = 'us-east-1';

/** AWS WAF's bounds for a rate-based rule's limit (requests per evaluation window). */
export const RATE_LIMIT_BOUNDS = { min: 100, max: 2_000_000_000 } as const;

const SCHEDULE_EXPRESSION = /^(cron|rate)\(.+\)$/;

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
// Cognito's own rule for prefix domains, plus the words it reserves.
const DOMAIN_PREFIX = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const RESERVED_IN_PREFIX = ['aws', 'amazon', 'cognito'];
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
const PHONE = /^[+()\d][\d\s().+-]{6,24}$/;
const CITY_MAX = 80;
// Sent inside a header's parentheses: no spaces, parentheses or control characters.
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[\w\-./~%]*)?$/;
// A From header SES takes as it is: a bare address, or a plain ASCII display name (no characters a header would
// have to quote or encode) before the address in angle brackets.
const MAIL_FROM = /^(?:([A-Za-z0-9][A-Za-z0-9 '-]{0,62}[A-Za-z0-9]|[A-Za-z0-9]) <([^\s@<>,;"]+@[^\s@<>,;"]+)>|([^\s@<>,;"]+@[^\s@<>,;"]+))$/;

export class DeployConfigError extends Error {
  override name = 'DeployConfigError';
}

function text(node: Node, key: (typeof CONTEXT_KEYS)[number]): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  // `-c superAdminEmails=a@x.org,b@y.org` arrives as a string; cdk.json may hold a list.
  const raw = Array.isArray(value) ? value.join(',') : String(value);
  return raw.trim() || undefined;
}

/**
 * Refuses a deployment region other than DEPLOY_REGION. `region` is what the CDK CLI resolved from the AWS
 * profile (CDK_DEFAULT_REGION); undefined when it resolved none, and then the stack's own CloudFormation rule
 * refuses the wrong region at deploy.
 */
export function assertDeployRegion(region: string | undefined): void {
  if (region === undefined || region === '' || region === DEPLOY_REGION) return;
  throw new DeployConfigError(
    `RaceFinder deploys to ${DEPLOY_REGION} only (CloudFront's WAF web ACL must be created there), but the AWS profile ` +
      `in use points at ${region}: set AWS_REGION=${DEPLOY_REGION} or choose a profile for ${DEPLOY_REGION}`,
  );
}

export function packageVersion(): string {
  const packageJson = fileURLToPath(new URL('../package.json', import.meta.url));
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

export function readDeployConfig(node: Node): DeployConfig {
  const googleClientId = text(node, 'googleClientId');
  const googleClientSecretName = text(node, 'googleClientSecretName');
  if (googleClientId && !googleClientSecretName) {
    throw new DeployConfigError(
      'googleClientId is set but googleClientSecretName is not: store the Google client secret in Secrets Manager ' +
        'and pass its name with -c googleClientSecretName=<name>',
    );
  }
  if (googleClientSecretName && !googleClientId) {
    throw new DeployConfigError('googleClientSecretName is set but googleClientId is not');
  }

  const stripeSecretKeyName = text(node, 'stripeSecretKeyName');
  const stripeWebhookSecretName = text(node, 'stripeWebhookSecretName');
  if (Boolean(stripeSecretKeyName) !== Boolean(stripeWebhookSecretName)) {
    throw new DeployConfigError(
      'stripeSecretKeyName and stripeWebhookSecretName go together: store the Stripe API key and the webhook signing ' +
        'secret in Secrets Manager and pass both names',
    );
  }

  const stravaClientId = text(node, 'stravaClientId');
  const stravaClientSecretName = text(node, 'stravaClientSecretName');
  if (Boolean(stravaClientId) !== Boolean(stravaClientSecretName)) {
    throw new DeployConfigError(
      'stravaClientId and stravaClientSecretName go together: store the Strava application\'s client secret in Secrets Manager and pass its name with the client id',
    );
  }
  if (stravaClientId && !/^\d{1,12}$/.test(stravaClientId)) throw new DeployConfigError(`stravaClientId must be the Strava application's numeric client id, got "${stravaClientId}"`);

  const emailsRaw = text(node, 'superAdminEmails');
  // Same normalisation as the handlers' SUPER_ADMIN_EMAILS parsing (trimmed, lower-cased, de-duplicated).
  const superAdminEmails = [
    ...new Set(
      (emailsRaw ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const badEmail = superAdminEmails.find((email) => !EMAIL.test(email));
  if (badEmail) throw new DeployConfigError(`superAdminEmails: "${badEmail}" is not an e-mail address`);

  const callbackDomain = text(node, 'callbackDomain')?.toLowerCase();
  if (callbackDomain && !HOST_NAME.test(callbackDomain)) {
    throw new DeployConfigError(
      `callbackDomain must be a bare host name such as races.example.com (no scheme, port or path), got "${callbackDomain}"`,
    );
  }
  const certificateArn = text(node, 'certificateArn');
  if (certificateArn && !callbackDomain) {
    throw new DeployConfigError('certificateArn is set but callbackDomain is not: the certificate is for that domain');
  }
  if (certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new DeployConfigError('certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront reads it there)');
  }

  const apiDomain = text(node, 'apiDomain')?.toLowerCase();
  if (apiDomain && !HOST_NAME.test(apiDomain)) {
    throw new DeployConfigError(`apiDomain must be a bare host name such as api.races.example.com, got "${apiDomain}"`);
  }
  if (apiDomain && !certificateArn) {
    throw new DeployConfigError('apiDomain is set but certificateArn is not: the API serves its domain with that certificate');
  }
  if (apiDomain && apiDomain === callbackDomain) {
    throw new DeployConfigError('apiDomain must differ from callbackDomain, which CloudFront answers on');
  }

  const domainPrefix = text(node, 'domainPrefix');
  if (domainPrefix && (!DOMAIN_PREFIX.test(domainPrefix) || RESERVED_IN_PREFIX.some((word) => domainPrefix.includes(word)))) {
    throw new DeployConfigError(
      `domainPrefix must be lower-case letters, digits and hyphens and must not contain ${RESERVED_IN_PREFIX.join(', ')}; got "${domainPrefix}"`,
    );
  }

  const importSchedule = readImportSchedule(node);
  const alarmEmail = text(node, 'alarmEmail')?.toLowerCase();
  if (alarmEmail && !EMAIL.test(alarmEmail)) {
    throw new DeployConfigError(`alarmEmail must be one e-mail address, got "${alarmEmail}"`);
  }

  const rateLimitRaw = text(node, 'apiRateLimitPerIp');
  const apiRateLimitPerIp = rateLimitRaw === undefined ? undefined : Number(rateLimitRaw);
  if (
    apiRateLimitPerIp !== undefined &&
    (!Number.isInteger(apiRateLimitPerIp) || apiRateLimitPerIp < RATE_LIMIT_BOUNDS.min || apiRateLimitPerIp > RATE_LIMIT_BOUNDS.max)
  ) {
    throw new DeployConfigError(
      `apiRateLimitPerIp must be a whole number of requests per 5 minutes from ${RATE_LIMIT_BOUNDS.min} to ` +
        `${RATE_LIMIT_BOUNDS.max}, got "${rateLimitRaw}"`,
    );
  }

  const mail = readMail(node);
  const sendRateRaw = text(node, 'notificationSendRate');
  const notificationSendRate = sendRateRaw === undefined ? undefined : Number(sendRateRaw);
  if (notificationSendRate !== undefined && !(Number.isFinite(notificationSendRate) && notificationSendRate >= DEFAULT_NOTIFICATION_SEND_RATE)) {
    throw new DeployConfigError(
      `notificationSendRate must be a number of SES sends per second of at least ${DEFAULT_NOTIFICATION_SEND_RATE} (SES's smallest quota), got "${sendRateRaw}"`,
    );
  }

  const contact = readContact(node);
  const weatherContact = text(node, 'weatherContact');
  if (weatherContact && !EMAIL.test(weatherContact) && !HTTPS_URL.test(weatherContact)) {
    throw new DeployConfigError(`weatherContact must be an e-mail address or an https URL, got "${weatherContact}"`);
  }

  return {
    ...(googleClientId && googleClientSecretName
      ? { google: { clientId: googleClientId, clientSecretName: googleClientSecretName } }
      : {}),
    ...(stripeSecretKeyName && stripeWebhookSecretName ? { stripe: { secretKeyName: stripeSecretKeyName, webhookSecretName: stripeWebhookSecretName } } : {}),
    ...(text(node, 'openAiKeySecretName') ? { openAiKeySecretName: text(node, 'openAiKeySecretName')! } : {}),
    ...(stravaClientId && stravaClientSecretName ? { strava: { clientId: stravaClientId, clientSecretName: stravaClientSecretName } } : {}),
    superAdminEmails,
    ...(callbackDomain ? { callbackDomain } : {}),
    ...(certificateArn ? { certificateArn } : {}),
    ...(apiDomain ? { apiDomain } : {}),
    ...(domainPrefix ? { domainPrefix } : {}),
    appVersion: text(node, 'appVersion') ?? packageVersion(),
    ...(importSchedule ? { importSchedule } : {}),
    ...(alarmEmail ? { alarmEmail } : {}),
    ...(apiRateLimitPerIp !== undefined ? { apiRateLimitPerIp } : {}),
    ...(contact ? { contact } : {}),
    ...(weatherContact ? { weatherContact } : {}),
    ...(mail ? { mail } : {}),
    ...(notificationSendRate !== undefined ? { notificationSendRate } : {}),
  };
}

/**
 * The notification mail's From address and SES identity, each checked, and the identity checked to cover the
 * address (IAM would refuse every send otherwise); undefined without mailFrom.
 */
function readMail(node: Node): NotificationMailConfig | undefined {
  const from = text(node, 'mailFrom');
  const identityRaw = text(node, 'sesIdentity')?.toLowerCase();
  if (!from) {
    if (identityRaw) throw new DeployConfigError('sesIdentity is set but mailFrom is not: the identity is what mailFrom sends as');
    return undefined;
  }
  const match = MAIL_FROM.exec(from);
  const address = (match?.[2] ?? match?.[3])?.toLowerCase();
  if (!address || !EMAIL.test(address) || !HOST_NAME.test(address.slice(address.lastIndexOf('@') + 1))) {
    throw new DeployConfigError(
      `mailFrom must be an e-mail address or a name and an address such as "RaceFinder <alerts@races.example.com>" ` +
        `(the name in ASCII letters, digits, spaces, hyphens and apostrophes), got "${from}"`,
    );
  }
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const identity = identityRaw ?? domain;
  if (identity.includes('@')) {
    if (!EMAIL.test(identity)) throw new DeployConfigError(`sesIdentity must be a domain or an e-mail address, got "${identity}"`);
    if (identity !== address) {
      throw new DeployConfigError(`sesIdentity ${identity} is an address other than mailFrom's (${address}): SES would refuse to send as it`);
    }
  } else {
    if (!HOST_NAME.test(identity)) throw new DeployConfigError(`sesIdentity must be a domain or an e-mail address, got "${identity}"`);
    if (domain !== identity && !domain.endsWith(`.${identity}`)) {
      throw new DeployConfigError(`sesIdentity ${identity} does not cover mailFrom's address ${address}: verify its domain (or a parent) in SES and name it`);
    }
  }
  return { from, identity };
}

/** The public contact details, each checked; undefined when none is given. */
function readContact(node: Node): SiteContact | undefined {
  const email = text(node, 'contactEmail');
  const phone = text(node, 'contactPhone');
  const city = text(node, 'contactCity');
  if (email && !EMAIL.test(email)) throw new DeployConfigError(`contactEmail must be one e-mail address, got "${email}"`);
  if (phone && !PHONE.test(phone)) throw new DeployConfigError(`contactPhone must be a phone number such as +1 555 0100, got "${phone}"`);
  if (city && (city.length > CITY_MAX || /[<>]/.test(city))) {
    throw new DeployConfigError(`contactCity must be a place name of at most ${CITY_MAX} characters, got "${city}"`);
  }
  const contact: SiteContact = { ...(email ? { email } : {}), ...(phone ? { phone } : {}), ...(city ? { city } : {}) };
  return Object.keys(contact).length > 0 ? contact : undefined;
}

/** Who the NWS may contact about the forecast requests: weatherContact, else the site's own address, else none. */
export function weatherContactOf(config: Pick<DeployConfig, 'weatherContact' | 'callbackDomain'>): string | undefined {
  return config.weatherContact ?? (config.callbackDomain ? `https://${config.callbackDomain}` : undefined);
}

function wholeNumber(node: Node, key: 'importDays' | 'importLimit', min: number, max: number): number | undefined {
  const raw = text(node, key);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new DeployConfigError(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function readImportSchedule(node: Node): Partial<ImportScheduleConfig> | undefined {
  const expression = text(node, 'importSchedule');
  const state = text(node, 'importState')?.toUpperCase();
  const days = wholeNumber(node, 'importDays', 1, 730);
  const limit = wholeNumber(node, 'importLimit', 1, 10000);
  if (expression !== undefined && expression !== 'off' && !SCHEDULE_EXPRESSION.test(expression)) {
    throw new DeployConfigError(`importSchedule must be "off" or a schedule expression such as cron(0 3 * * ? *), got "${expression}"`);
  }
  if (state !== undefined && !StateCodeSchema.safeParse(state).success) {
    throw new DeployConfigError(`importState must be a two-letter US state code such as CO, got "${state}"`);
  }
  const given: Partial<ImportScheduleConfig> = {
    ...(expression === 'off' ? { enabled: false } : expression !== undefined ? { expression } : {}),
    ...(state !== undefined ? { state } : {}),
    ...(days !== undefined ? { days } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
  return Object.keys(given).length > 0 ? given : undefined;
}

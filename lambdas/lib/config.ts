/**
 * Configuration from the environment, read once at cold start. A missing required variable throws here,
 * so a misconfigured function fails on its first invocation with a clear message rather than midway
 * through a request.
 */
export interface AppConfig {
  readonly tableName: string;
  readonly appVersion: string;
  /** Lower-cased e-mail addresses that become super admins on their first sign-in. */
  readonly superAdminEmails: ReadonlySet<string>;
  /** Set only locally: DynamoDB Local's URL. */
  readonly dynamoEndpoint?: string;
  readonly region: string;
  /**
   * The key that signs one-click unsubscribe links (lambdas/lib/unsubscribe-token.ts), set locally; in AWS the
   * functions that need it read a Secrets Manager secret instead (lambdas/lib/unsubscribe-secret.ts), so it is
   * optional here. At least UNSUBSCRIBE_SECRET_MIN_LENGTH characters when set, so a placeholder such as
   * 'changeme' fails at cold start rather than signing guessable links.
   */
  readonly unsubscribeSecret?: string;
}

/** 32 characters: a random base64 or hex string of that length carries at least 128 bits. */
export const UNSUBSCRIBE_SECRET_MIN_LENGTH = 32;

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export function parseEmailList(raw: string | undefined): ReadonlySet<string> {
  return new Set(
    (raw ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

function optionalSecret(env: NodeJS.ProcessEnv, name: string, minLength: number): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (value.length < minLength) throw new Error(`${name} must be at least ${minLength} characters`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    tableName: required(env, 'TABLE_NAME'),
    appVersion: required(env, 'APP_VERSION'),
    superAdminEmails: parseEmailList(env.SUPER_ADMIN_EMAILS),
    dynamoEndpoint: env.DYNAMODB_ENDPOINT?.trim() || undefined,
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    unsubscribeSecret: optionalSecret(env, 'UNSUBSCRIBE_SECRET', UNSUBSCRIBE_SECRET_MIN_LENGTH),
  };
}

export const config: AppConfig = loadConfig();

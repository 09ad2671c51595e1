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
}

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    tableName: required(env, 'TABLE_NAME'),
    appVersion: required(env, 'APP_VERSION'),
    superAdminEmails: parseEmailList(env.SUPER_ADMIN_EMAILS),
    dynamoEndpoint: env.DYNAMODB_ENDPOINT?.trim() || undefined,
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
  };
}

export const config: AppConfig = loadConfig();

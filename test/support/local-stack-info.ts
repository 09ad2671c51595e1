import type { LocalStack } from '../../infra/local/stack.ts';

/** What a test needs to reach a local stack: the shared integration stack provides it, an own-stack file builds it. */
export interface LocalStackInfo {
  url: string;
  tableName: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  accounts: { email: string; password: string; role: string; label: string }[];
  /** The stack's local Stripe stand-in: its URL, the key it accepts and the secret it signs events with. */
  stripe: { url: string; secretKey: string; webhookSecret: string };
  /** The stack's local OpenAI stand-in (the coach's model): its /v1 URL and key. */
  openai: { url: string; apiKey: string };
  /** The stack's local National Weather Service stand-in: its URL (faults and requests under /_local/). */
  weather: { url: string };
  /** The stack's local Strava stand-in: its URL and the client secret its control API (/_local/) takes. */
  strava: { url: string; clientSecret: string };
  /**
   * What the notification sender needs to run in a test's process as it runs in the stack's: the SES stand-in,
   * the unsubscribe links' key (the route that checks them is the stack's) and the From address.
   */
  notifications: { sesEndpoint: string; unsubscribeSecret: string; mailFrom: string; sqsEndpoint: string; queueUrl: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackInfo;
  }
}

/** A started stack as a test sees it (it must run its OpenAI and weather stand-ins). */
export function localStackInfo(stack: LocalStack): LocalStackInfo {
  return {
    url: stack.url,
    tableName: stack.tableName,
    dynamoEndpoint: stack.dynamoEndpoint,
    cognitoEndpoint: stack.cognito.endpoint,
    userPoolId: stack.cognito.userPoolId,
    clientId: stack.cognito.clientId,
    accounts: stack.demoAccounts.map((account) => ({ email: account.email, password: stack.demoPassword, role: account.role, label: account.label })),
    stripe: { url: stack.stripe.url, secretKey: stack.stripe.secretKey, webhookSecret: stack.stripe.webhookSecret },
    openai: { url: stack.openai!.url, apiKey: stack.openai!.apiKey },
    weather: { url: stack.weather!.url },
    strava: { url: stack.strava.url, clientSecret: stack.strava.clientSecret },
    // The stack set these on this process for its handlers (infra/local/handler-env.ts).
    notifications: {
      sesEndpoint: stack.ses.url,
      unsubscribeSecret: process.env.UNSUBSCRIBE_SECRET!,
      mailFrom: process.env.MAIL_FROM!,
      sqsEndpoint: stack.notifications.sqsEndpoint,
      queueUrl: stack.notifications.queueUrl,
    },
  };
}

/**
 * The one SQS client of the handlers, made when first needed. SQS_ENDPOINT is set only off AWS, where the local SQS
 * stand-in (infra/local/sqs) answers; each queue's URL comes from a variable of its own.
 */
import { SQSClient } from '@aws-sdk/client-sqs';

let client: SQSClient | undefined;

export function sqs(): SQSClient {
  const endpoint = process.env.SQS_ENDPOINT?.trim() || undefined;
  client ??= new SQSClient({ ...(endpoint ? { endpoint } : {}) });
  return client;
}

/** A queue's URL from its environment variable (NOTIFICATION_QUEUE_URL, STRAVA_QUEUE_URL), read when first needed. */
export function queueUrlFrom(variable: string): string {
  const url = process.env[variable]?.trim();
  if (!url) throw new Error(`Missing required environment variable ${variable}`);
  return url;
}

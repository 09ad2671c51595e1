/**
 * Where a local queue lives: the account and region every local ARN names (LocalStack's and the SDK's
 * documentation account, so no one mistakes them for a real one), queue URLs in SQS's own path shape
 * (`<endpoint>/<account>/<name>`), and ARNs `arn:aws:sqs:<region>:<account>:<name>`.
 */
import { SqsApiError } from './errors.ts';

export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_REGION = 'us-east-1';

export const queueArn = (name: string) => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${name}`;

/** `base` is the stand-in's own URL (http://127.0.0.1:<port>). */
export const queueUrl = (base: string, name: string) => `${base}/${LOCAL_ACCOUNT_ID}/${name}`;

/**
 * The queue name a QueueUrl names. SQS reads only the path: the host may differ (a client may reach the stand-in
 * as localhost), as the real service answers for `sqs.<region>.amazonaws.com` and its legacy host names alike.
 */
export function queueNameOf(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    throw new SqsApiError('InvalidAddress', `The address ${url} is not valid for this endpoint: a QueueUrl looks like http://127.0.0.1:<port>/${LOCAL_ACCOUNT_ID}/<queue name>.`);
  }
  const match = /^\/(\d{12})\/([^/]+)\/?$/.exec(path);
  if (!match) {
    throw new SqsApiError('InvalidAddress', `The address ${url} is not valid for this endpoint: a QueueUrl's path is /${LOCAL_ACCOUNT_ID}/<queue name>.`);
  }
  if (match[1] !== LOCAL_ACCOUNT_ID) {
    throw new SqsApiError('QueueDoesNotExist', `The specified queue does not exist: account ${match[1]} has no queues here (the local SQS stand-in's account is ${LOCAL_ACCOUNT_ID}).`);
  }
  return match[2]!;
}

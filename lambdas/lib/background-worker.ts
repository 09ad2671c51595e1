/**
 * Hands work to a worker Lambda as an asynchronous invocation (InvocationType Event): Lambda queues it and answers
 * at once, so a route answers 202 long before the work is done, and the worker has its own 15 minutes rather than
 * API Gateway's 30 s (and two retries if it throws). The worker's name comes from the environment variable the
 * route's needs set; LAMBDA_ENDPOINT is set only off AWS (the local Lambda invoke stand-in, which runs the same
 * module).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config } from '#lib/config';

const endpoint = process.env.LAMBDA_ENDPOINT?.trim() || undefined;

let lambda: LambdaClient | undefined;

/** Queues one run of the worker that `functionVariable` names, with `event` as its input. */
export async function startBackgroundWorker(functionVariable: string, event: unknown): Promise<void> {
  const functionName = process.env[functionVariable]?.trim();
  if (!functionName) throw new Error(`Missing required environment variable ${functionVariable}`);
  lambda ??= new LambdaClient({
    region: config.region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  const result = await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(event)) }));
  if (result.StatusCode !== 202) throw new Error(`Lambda did not queue ${functionName} (status ${result.StatusCode})`);
}

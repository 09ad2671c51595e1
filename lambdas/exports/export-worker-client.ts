/**
 * Hands an export job to the export worker Lambda as an asynchronous invocation (InvocationType Event):
 * Lambda queues it and answers at once, so the POST answers 202 long before a 100,000-row export is written,
 * and the worker has its own 15 minutes rather than API Gateway's 30 s. EXPORT_WORKER_FUNCTION names the
 * worker; LAMBDA_ENDPOINT is set only off AWS (the local Lambda invoke stand-in, which runs the same module).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config } from '#lib/config';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

const workerFunction = required('EXPORT_WORKER_FUNCTION');
const endpoint = process.env.LAMBDA_ENDPOINT?.trim() || undefined;

const lambda = new LambdaClient({
  region: config.region,
  ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
});

/** What the worker is invoked with: an admin's export job, or a person's own data export (run-personal-export.ts). */
export type ExportWorkerEvent = { readonly jobId: string } | { readonly kind: 'personal'; readonly jobId: string; readonly sub: string };

export async function startExportWorker(jobId: string): Promise<void> {
  await invokeWorker({ jobId });
}

/** Hands a person's data export to the worker: their job lives in their own partition, so it names them. */
export async function startPersonalExportWorker(sub: string, jobId: string): Promise<void> {
  await invokeWorker({ kind: 'personal', jobId, sub });
}

async function invokeWorker(event: ExportWorkerEvent): Promise<void> {
  const result = await lambda.send(
    new InvokeCommand({ FunctionName: workerFunction, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(event)) }),
  );
  if (result.StatusCode !== 202) throw new Error(`Lambda did not queue the export worker (status ${result.StatusCode})`);
}

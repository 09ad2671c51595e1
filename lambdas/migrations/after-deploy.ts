/**
 * The custom resource that runs the data migrations after a deploy (infra/migrations.ts), as the two handlers of
 * CDK's custom resource provider: onEvent starts an execution of the migrations state machine on every create and
 * update, isComplete waits for it. A failed execution fails the custom resource, and so the deploy, with the
 * migration's error; the next deploy retries it from where it stopped.
 */
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { config } from '#lib/config';

const sfn = new SFNClient({ region: config.region });

function stateMachineArn(): string {
  const arn = process.env.MIGRATIONS_STATE_MACHINE_ARN?.trim();
  if (!arn) throw new Error('Missing required environment variable MIGRATIONS_STATE_MACHINE_ARN');
  return arn;
}

export interface OnEventResponse {
  readonly PhysicalResourceId: string;
  readonly Data?: { readonly ExecutionArn: string };
}

/** Starts the migrations on a create or update; a delete leaves the data as it is. */
export async function onEvent(event: CloudFormationCustomResourceEvent, client: SFNClient = sfn): Promise<OnEventResponse> {
  const physicalResourceId = event.RequestType === 'Create' ? 'data-migrations' : event.PhysicalResourceId;
  if (event.RequestType === 'Delete') return { PhysicalResourceId: physicalResourceId };
  // The migrations this template brought: a rollback's older template names fewer, and runs only those (run-steps.ts).
  const migrations = (event.ResourceProperties as { Migrations?: unknown }).Migrations;
  const input = { requestId: event.RequestId, ...(Array.isArray(migrations) ? { migrations } : {}) };
  const { executionArn } = await client.send(new StartExecutionCommand({ stateMachineArn: stateMachineArn(), input: JSON.stringify(input) }));
  if (!executionArn) throw new Error('Step Functions started no execution');
  return { PhysicalResourceId: physicalResourceId, Data: { ExecutionArn: executionArn } };
}

/** Done when the execution succeeded; a failed, timed-out or aborted one fails the deploy with its error. */
export async function isComplete(
  event: CloudFormationCustomResourceEvent & { readonly Data?: { readonly ExecutionArn?: string } },
  client: SFNClient = sfn,
): Promise<{ IsComplete: boolean }> {
  const executionArn = event.Data?.ExecutionArn;
  if (event.RequestType === 'Delete' || !executionArn) return { IsComplete: true };
  const execution = await client.send(new DescribeExecutionCommand({ executionArn }));
  if (execution.status === 'SUCCEEDED') return { IsComplete: true };
  if (execution.status === 'RUNNING' || execution.status === 'PENDING_REDRIVE') return { IsComplete: false };
  throw new Error(`The data migrations ${execution.status?.toLowerCase() ?? 'stopped'}: ${execution.error ?? ''} ${execution.cause ?? ''}`.trim());
}

/**
 * The custom resource that runs the data migrations after a deploy (lambdas/migrations/after-deploy.ts), against
 * a mocked Step Functions client: onEvent starts an execution on create and update, never on delete; isComplete
 * waits while it runs and fails the deploy with the execution's error when it fails.
 */
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { isComplete, onEvent } from '../../../lambdas/migrations/after-deploy.ts';

const MACHINE = 'arn:aws:states:us-east-1:123456789012:stateMachine:Migrations';
const EXECUTION = 'arn:aws:states:us-east-1:123456789012:execution:Migrations:deploy-1';
process.env.MIGRATIONS_STATE_MACHINE_ARN = MACHINE;
const sfn = mockClient(SFNClient);
const client = new SFNClient({ region: 'us-east-1' });

function event(RequestType: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent {
  const base = {
    ServiceToken: 'token',
    ResponseURL: 'https://example.test',
    StackId: 'stack',
    RequestId: `request-${RequestType}`,
    LogicalResourceId: 'AfterDeploy',
    ResourceType: 'Custom::DataMigrations',
    ResourceProperties: { ServiceToken: 'token', AppVersion: '1.2.0', Migrations: ['0001-profile-search-keys'] },
  };
  return (RequestType === 'Create' ? { ...base, RequestType } : { ...base, RequestType, PhysicalResourceId: 'data-migrations', OldResourceProperties: {} }) as CloudFormationCustomResourceEvent;
}

beforeEach(() => sfn.reset());

describe('after a deploy', () => {
  it('starts the migrations on a create and on every update, and leaves the data alone on a delete', async () => {
    sfn.on(StartExecutionCommand).resolves({ executionArn: EXECUTION, startDate: new Date() });
    for (const type of ['Create', 'Update'] as const) {
      expect(await onEvent(event(type), client)).toEqual({ PhysicalResourceId: 'data-migrations', Data: { ExecutionArn: EXECUTION } });
    }
    expect(sfn.commandCalls(StartExecutionCommand).map((call) => call.args[0].input.stateMachineArn)).toEqual([MACHINE, MACHINE]);
    // The execution runs only the migrations of the template being deployed (or rolled back to).
    expect(JSON.parse(sfn.commandCalls(StartExecutionCommand)[1]!.args[0].input.input!)).toEqual({ requestId: 'request-Update', migrations: ['0001-profile-search-keys'] });
    expect(await onEvent(event('Delete'), client)).toEqual({ PhysicalResourceId: 'data-migrations' });
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(2);
  });

  it('waits while the migrations run, is done when they succeed, and fails the deploy with their error', async () => {
    const waiting = { ...event('Update'), Data: { ExecutionArn: EXECUTION } };
    sfn.on(DescribeExecutionCommand).resolvesOnce({ status: 'RUNNING' } as never).resolvesOnce({ status: 'SUCCEEDED' } as never);
    expect(await isComplete(waiting, client)).toEqual({ IsComplete: false });
    expect(await isComplete(waiting, client)).toEqual({ IsComplete: true });
    sfn.on(DescribeExecutionCommand).resolves({ status: 'FAILED', error: 'Error', cause: 'The step of 0002-search-index-7 failed' } as never);
    await expect(isComplete(waiting, client)).rejects.toThrow('The data migrations failed: Error The step of 0002-search-index-7 failed');
    expect(await isComplete({ ...event('Delete'), Data: {} }, client)).toEqual({ IsComplete: true });
  });
});

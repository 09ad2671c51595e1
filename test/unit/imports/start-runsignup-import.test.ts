/**
 * Starting a RunSignup import: the job goes to the state machine named by its id; when the machine cannot be
 * started the job is finished as failed with its lock released, and the caller gets a 503.
 */
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#lib/errors';
import type { startRunSignupImport as StartRunSignupImport } from '#imports/start-runsignup-import';

const ARN = 'arn:aws:states:us-east-1:123456789012:stateMachine:Import';
const dynamo = mockClient(DynamoDBDocumentClient);
const sfn = mockClient(SFNClient);
let startRunSignupImport: typeof StartRunSignupImport;

beforeAll(async () => {
  // Read once at cold start, like every function's configuration.
  process.env.IMPORT_STATE_MACHINE_ARN = ARN;
  ({ startRunSignupImport } = await import('#imports/start-runsignup-import'));
});

const options = { from: '2026-12-01', to: '2027-03-01', limit: 1000, autoVerify: true, mode: 'quick' as const };
let stored: Record<string, unknown> | undefined;

beforeEach(() => {
  dynamo.reset();
  sfn.reset();
  stored = undefined;
  dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: { Put?: { Item: Record<string, unknown> } }[] }) => {
    const job = input.TransactItems[0]?.Put?.Item;
    if (job?.SK === 'JOB') stored = job;
    return {};
  });
  dynamo.on(GetCommand).callsFake((input: { Key: { PK: string } }) => {
    if (input.Key.PK.startsWith('IMPORTJOB#')) return { Item: stored };
    return { Item: { PK: input.Key.PK, SK: 'LOCK', jobId: stored?.id } };
  });
});

describe('startRunSignupImport', () => {
  it('starts the state machine with the job id as execution name and input', async () => {
    sfn.on(StartExecutionCommand).resolves({ executionArn: `${ARN}:x` });
    const job = await startRunSignupImport(options, 'admin-sub');
    expect(job).toMatchObject({ source: 'runsignup', status: 'pending', expected: 1000, startedBy: 'admin-sub' });
    expect(sfn.commandCalls(StartExecutionCommand)[0]?.args[0].input).toEqual({ stateMachineArn: ARN, name: job.id, input: JSON.stringify({ jobId: job.id }) });
    const [create] = dynamo.commandCalls(TransactWriteCommand);
    expect(create?.args[0].input.TransactItems?.[1]?.Put?.Item).toMatchObject({ PK: 'IMPORTLOCK#runsignup', jobId: job.id });
  });

  it('fails the job, releases the lock and answers 503 when the machine cannot be started', async () => {
    sfn.on(StartExecutionCommand).rejects(Object.assign(new Error('unreachable'), { name: 'ServiceUnavailable' }));
    const failure = await startRunSignupImport(options, 'admin-sub').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect((failure as Error).message).toBe('The import could not be started: the import service is not available. Try again in a few minutes.');
    const finish = dynamo.commandCalls(TransactWriteCommand)[1]?.args[0].input.TransactItems ?? [];
    expect(finish[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ':status': 'failed' });
    expect(finish[1]?.Delete?.Key).toEqual({ PK: 'IMPORTLOCK#runsignup', SK: 'LOCK' });
  });
});

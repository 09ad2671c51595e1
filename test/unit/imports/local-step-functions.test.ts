import { DescribeExecutionCommand, ExecutionAlreadyExists, SFNClient, StartExecutionCommand, StateMachineDoesNotExist } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStepFunctionsServer, type StepFunctionsServer } from '../../../infra/local/step-functions/server.ts';
import type { ImportTaskHandlers } from '../../../infra/local/step-functions/import-runner.ts';
import { nextBatch } from '../../../lambdas/imports/tasks/task-io.ts';

const JOB = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const run = { jobId: JOB, options: { from: '2030-01-01', to: '2030-12-31', limit: 500, autoVerify: true, mode: 'quick' }, pageSize: 250, maxPages: 2, today: '2030-01-01' };

/** One short page, then the job finishes; a job id 'FAIL...' makes StartJob fail. */
const handlers: ImportTaskHandlers = {
  StartJob: async (event) => {
    if ((event as { jobId: string }).jobId.startsWith('01JFA')) throw new Error('no such job');
    return { skipped: false, jobId: JOB, run, pages: nextBatch(0) };
  },
  ImportPage: async (event) => {
    const page = (event as { page: number }).page;
    return { page, fetched: page === 1 ? 3 : 0, failed: false, more: false, next: nextBatch(page) };
  },
  FinishJob: async (event) => ((event as { error?: unknown }).error ? { status: 'failed' } : { jobId: JOB, status: 'completed' }),
};

let server: StepFunctionsServer;
let sfn: SFNClient;
beforeAll(async () => {
  server = await startStepFunctionsServer({ handlers });
  sfn = new SFNClient({ endpoint: server.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}, 120_000);
afterAll(() => server?.stop());

async function finished(executionArn: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const described = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (described.status !== 'RUNNING') return described;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the execution did not finish');
}

describe('the local Step Functions', { timeout: 30_000 }, () => {
  it("runs an execution the SDK starts and describes it as the service does", async () => {
    const started = await sfn.send(new StartExecutionCommand({ stateMachineArn: server.stateMachineArn, name: JOB, input: JSON.stringify({ jobId: JOB }) }));
    expect(started.executionArn).toBe(`${server.stateMachineArn.replace(':stateMachine:', ':execution:')}:${JOB}`);
    expect(started.startDate).toBeInstanceOf(Date);
    const described = await finished(started.executionArn!);
    expect(described.status).toBe('SUCCEEDED');
    expect(JSON.parse(described.output!)).toMatchObject({ jobId: JOB, result: { status: 'completed' } });
    expect(JSON.parse(described.input!)).toEqual({ jobId: JOB });
  });

  it('refuses a second execution of the same name and an unknown state machine with the service errors', async () => {
    await expect(sfn.send(new StartExecutionCommand({ stateMachineArn: server.stateMachineArn, name: JOB, input: '{}' }))).rejects.toBeInstanceOf(ExecutionAlreadyExists);
    await expect(
      sfn.send(new StartExecutionCommand({ stateMachineArn: `${server.stateMachineArn}Other`, input: '{}' })),
    ).rejects.toBeInstanceOf(StateMachineDoesNotExist);
  });

  it('reports a failed run as FAILED with the error', async () => {
    const started = await sfn.send(new StartExecutionCommand({ stateMachineArn: server.stateMachineArn, input: JSON.stringify({ jobId: '01JFAAAAAAAAAAAAAAAAAAAAAA' }) }));
    const described = await finished(started.executionArn!);
    expect(described.status).toBe('FAILED');
    expect(described.error).toBe('ImportFailed');
  });
});

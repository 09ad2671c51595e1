/**
 * Starts the RunSignup import's state machine for a job (the importsfn construct builds the machine, its
 * local stand-in and this function's grant). Configuration is read once at cold start, as lambdas/lib/config.ts
 * does; it is optional here because the JSON import shares this route's function and never starts a machine,
 * so a missing ARN is a 503 for RunSignup starts only.
 */
import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { ImportJob } from '#shared/schemas/import-job';
import { config } from '#lib/config';

export interface ImportExecutionConfig {
  readonly stateMachineArn?: string;
  /** Set only locally: the Step Functions stand-in's URL. */
  readonly endpoint?: string;
}

export function loadImportExecutionConfig(env: NodeJS.ProcessEnv = process.env): ImportExecutionConfig {
  return {
    stateMachineArn: env.IMPORT_STATE_MACHINE_ARN?.trim() || undefined,
    endpoint: env.STEPFUNCTIONS_ENDPOINT?.trim() || undefined,
  };
}

const executionConfig = loadImportExecutionConfig();

const sfn = new SFNClient({
  region: config.region,
  ...(executionConfig.endpoint
    ? { endpoint: executionConfig.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
    : {}),
});

/** The import service is not set up here: the job was not started. */
export class ImportExecutionNotConfiguredError extends Error {
  constructor() {
    super('IMPORT_STATE_MACHINE_ARN is not set');
    this.name = new.target.name;
  }
}

/**
 * Starts the job's execution, named by the job id (so a retried start cannot run one job twice) with input
 * `{ "jobId": "<id>" }`. An execution of that name that already exists is the same start, not an error.
 */
export async function startImportExecution(job: ImportJob): Promise<void> {
  if (!executionConfig.stateMachineArn) throw new ImportExecutionNotConfiguredError();
  try {
    await sfn.send(
      new StartExecutionCommand({ stateMachineArn: executionConfig.stateMachineArn, name: job.id, input: JSON.stringify({ jobId: job.id }) }),
    );
  } catch (error) {
    if (error instanceof ExecutionAlreadyExists) return;
    throw error;
  }
}

/**
 * Runs the import state machine locally: the very definition CDK synthesizes (./import-definition.ts),
 * executed by aws-local-stepfunctions, whose Task states call the same handler modules the deployed functions
 * run (keyed by state name, as infra/imports.ts IMPORT_TASK_STATES maps states to functions).
 *
 * The handler modules read their configuration at first import, like a Lambda cold start: the local stack
 * sets the environment before the first run.
 */
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { IMPORT_TASK_STATES, type ImportTaskName } from '../../imports.ts';
import { importStateMachineDefinition } from './import-definition.ts';

import './promise-with-resolvers.ts';

export type TaskHandler = (event: unknown) => Promise<unknown>;
export type ImportTaskHandlers = Readonly<Record<ImportTaskName, TaskHandler>>;

/** The deployed functions' handler modules, loaded on first use (after the environment is set). */
export async function loadImportTaskHandlers(): Promise<ImportTaskHandlers> {
  const [startJob, importPage, finishJob] = await Promise.all([
    import('../../../lambdas/imports/tasks/start-job.ts'),
    import('../../../lambdas/imports/tasks/import-page.ts'),
    import('../../../lambdas/imports/tasks/finish-job.ts'),
  ]);
  return { StartJob: startJob.handler, ImportPage: importPage.handler, FinishJob: finishJob.handler };
}

export interface ImportRunOptions {
  readonly handlers?: ImportTaskHandlers;
  readonly definition?: StateMachineDefinition;
  /** Milliseconds between retries instead of the definition's seconds (tests). */
  readonly retryIntervalMs?: number;
  readonly executionName?: string;
}

export interface ImportRun {
  readonly result: Promise<unknown>;
  abort(): void;
}

/** Starts one execution; `result` settles with its output, or rejects as the execution fails. */
export async function runImportStateMachine(input: unknown, options: ImportRunOptions = {}): Promise<ImportRun> {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const handlers = options.handlers ?? (await loadImportTaskHandlers());
  const definition = options.definition ?? importStateMachineDefinition();
  // A copy: aws-local-stepfunctions fills in defaults on the definition it is given.
  const machine = new StateMachine(structuredClone(definition));
  const taskResourceLocalHandlers = Object.fromEntries(
    Object.entries(IMPORT_TASK_STATES).map(([stateName, fn]) => [
      stateName,
      // Lambda passes the function a JSON copy and Step Functions stores a JSON copy of its answer.
      async (taskInput: unknown) => JSON.parse(JSON.stringify((await handlers[fn](structuredClone(taskInput))) ?? null)) as never,
    ]),
  );
  const retryIntervalOverrides =
    options.retryIntervalMs === undefined ? undefined : Object.fromEntries(Object.keys(IMPORT_TASK_STATES).map((state) => [state, options.retryIntervalMs!]));
  const execution = machine.run(input as never, {
    overrides: { taskResourceLocalHandlers, ...(retryIntervalOverrides ? { retryIntervalOverrides } : {}) },
    context: { Execution: { Input: input as never, Name: options.executionName ?? 'local', StartTime: new Date().toISOString() } },
  });
  return { result: execution.result, abort: execution.abort };
}

/**
 * A loopback stand-in for the Step Functions API, enough of it for the import: StartExecution and
 * DescribeExecution in the service's wire format (AWS JSON 1.0, `X-Amz-Target: AWSStepFunctions.<Action>`),
 * so the startImportJob route's SDK client (lambdas/imports/start-execution.ts) runs unchanged with
 * STEPFUNCTIONS_ENDPOINT pointing here. Each execution runs the synthesized import definition with
 * aws-local-stepfunctions (./import-runner.ts) in this process. Listens on 127.0.0.1 only.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../loopback-server.ts';
import { LOCAL_IMPORT_STATE_MACHINE_ARN, importStateMachineDefinition } from './import-definition.ts';
import { runImportStateMachine, type ImportRunOptions } from './import-runner.ts';

export interface StepFunctionsServerOptions extends Omit<ImportRunOptions, 'executionName'> {
  readonly stateMachineArn?: string;
  /** Called when an execution ends (tests, logs). */
  readonly onExecutionEnd?: (execution: LocalExecution) => void;
}

export interface LocalExecution {
  readonly executionArn: string;
  readonly name: string;
  readonly input: string;
  readonly startDate: Date;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
  /** Settles when the execution ends. */
  readonly done: Promise<void>;
}

export interface StepFunctionsServer {
  readonly endpoint: string;
  readonly stateMachineArn: string;
  readonly executions: ReadonlyMap<string, LocalExecution>;
  stop(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const MAX_BODY = 256 * 1024 + 4096;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new ApiError('ValidationException', 'The request is too large');
    chunks.push(chunk as Buffer);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the error below.
  }
  throw new ApiError('SerializationException', 'The body is not a JSON object');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
  response.end(JSON.stringify(body));
}

const epochSeconds = (date: Date) => date.getTime() / 1000;

export async function startStepFunctionsServer(options: StepFunctionsServerOptions = {}): Promise<StepFunctionsServer> {
  const stateMachineArn = options.stateMachineArn ?? LOCAL_IMPORT_STATE_MACHINE_ARN;
  // Synthesized once, at start (about a second), so the first run does not wait for it.
  const definition = options.definition ?? importStateMachineDefinition();
  const executions = new Map<string, LocalExecution>();
  const executionPrefix = stateMachineArn.replace(':stateMachine:', ':execution:');

  async function startExecution(body: Record<string, unknown>) {
    if (body.stateMachineArn !== stateMachineArn) throw new ApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${String(body.stateMachineArn)}'`);
    const name = typeof body.name === 'string' && body.name ? body.name : randomUUID();
    const executionArn = `${executionPrefix}:${name}`;
    if (executions.has(executionArn)) throw new ApiError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    const rawInput = typeof body.input === 'string' ? body.input : '{}';
    let input: unknown;
    try {
      input = JSON.parse(rawInput);
    } catch {
      throw new ApiError('InvalidExecutionInput', 'Invalid State Machine Execution Input: the input is not JSON');
    }
    const run = await runImportStateMachine(input, { ...options, definition, executionName: name });
    const execution: LocalExecution = {
      executionArn,
      name,
      input: rawInput,
      startDate: new Date(),
      status: 'RUNNING',
      done: run.result.then(
        (output) => {
          Object.assign(execution, { status: 'SUCCEEDED', output: JSON.stringify(output), stopDate: new Date() });
        },
        (error: unknown) => {
          const failure = error as { name?: string; message?: string; cause?: { name?: string; message?: string } };
          Object.assign(execution, {
            status: 'FAILED',
            error: failure.cause?.name ?? failure.name ?? 'Error',
            cause: failure.cause?.message ?? failure.message ?? '',
            stopDate: new Date(),
          });
          console.log(`Import execution ${name} failed: ${execution.error}: ${execution.cause}`);
        },
      ).finally(() => options.onExecutionEnd?.(execution)),
    };
    executions.set(executionArn, execution);
    return { executionArn, startDate: epochSeconds(execution.startDate) };
  }

  function describeExecution(body: Record<string, unknown>) {
    const execution = executions.get(String(body.executionArn));
    if (!execution) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(body.executionArn)}'`);
    return {
      executionArn: execution.executionArn,
      stateMachineArn,
      name: execution.name,
      status: execution.status,
      startDate: epochSeconds(execution.startDate),
      input: execution.input,
      ...(execution.stopDate ? { stopDate: epochSeconds(execution.stopDate) } : {}),
      ...(execution.output !== undefined ? { output: execution.output } : {}),
      ...(execution.error !== undefined ? { error: execution.error, cause: execution.cause } : {}),
    };
  }

  const server = createServer((request, response) => {
    void (async () => {
      try {
        if (request.method !== 'POST') throw new ApiError('UnknownOperationException', 'Only POST is served', 404);
        const target = String(request.headers['x-amz-target'] ?? '');
        const body = await readJson(request);
        if (target === 'AWSStepFunctions.StartExecution') return send(response, 200, await startExecution(body));
        if (target === 'AWSStepFunctions.DescribeExecution') return send(response, 200, describeExecution(body));
        throw new ApiError('UnknownOperationException', `The local Step Functions serves StartExecution and DescribeExecution, not ${target || 'this request'}`);
      } catch (error) {
        if (error instanceof ApiError) return send(response, error.status, { __type: error.type, message: error.message });
        console.error('Local Step Functions failed a request', error);
        send(response, 500, { __type: 'InternalFailure', message: 'The local Step Functions failed' });
      }
    })();
  });
  const listener = await listenOnLoopback(server);
  return {
    endpoint: listener.url,
    stateMachineArn,
    executions,
    stop: async () => {
      await listener.close();
      // Running executions finish their current task; none is waited for beyond a moment.
      await Promise.race([Promise.allSettled([...executions.values()].map((execution) => execution.done)), new Promise((r) => setTimeout(r, 2000))]);
    },
  };
}

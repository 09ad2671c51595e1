/**
 * A loopback stand-in for the Lambda Invoke API (POST /2015-03-31/functions/<name>/invocations), so that
 * cognito-local runs Cognito triggers with the very handler modules the user pool invokes in AWS: a local
 * sign-up then gets its profile (with first and last name) from the real post-confirmation trigger.
 * An asynchronous invocation (X-Amz-Invocation-Type: Event, how POST /api/admin/exports starts the export
 * worker) is answered 202 at once and run afterwards, as Lambda queues it.
 * It listens on 127.0.0.1 only; the browser never reaches it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.ts';
import type { Context } from 'aws-lambda';

export type LambdaFunction = (event: unknown, context: Context) => Promise<unknown>;

/** Function name -> loader of its handler (loaded on first invocation, then kept like a warm container). */
export type LambdaFunctions = Readonly<Record<string, () => Promise<LambdaFunction>>>;

export interface LambdaInvokeServer {
  readonly endpoint: string;
  stop(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
const TIMEOUT_MS = 30_000;

function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + TIMEOUT_MS;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export async function startLambdaInvokeServer(functions: LambdaFunctions): Promise<LambdaInvokeServer> {
  const loaded = new Map<string, Promise<LambdaFunction>>();

  const server = createServer((request, response) => {
    void (async () => {
      const match = request.method === 'POST' ? INVOKE_PATH.exec(request.url?.split('?')[0] ?? '') : null;
      const name = match?.[1] ? decodeURIComponent(match[1]) : undefined;
      const load = name ? functions[name] : undefined;
      if (!name || !load) {
        send(response, 404, { Type: 'User', message: `Function not found: ${name ?? request.url}` }, {
          'x-amzn-errortype': 'ResourceNotFoundException',
        });
        return;
      }
      const event = JSON.parse((await readBody(request)) || '{}') as unknown;
      if (!loaded.has(name)) loaded.set(name, load());
      if (request.headers['x-amz-invocation-type'] === 'Event') {
        response.writeHead(202, { 'x-amzn-requestid': randomUUID() });
        response.end();
        void (async () => (await loaded.get(name)!)(event, lambdaContext(name)))().catch((error: unknown) => {
          console.error(`Lambda ${name} failed:`, error);
        });
        return;
      }
      try {
        const handler = await loaded.get(name)!;
        send(response, 200, (await handler(event, lambdaContext(name))) ?? null);
      } catch (error) {
        // The shape Lambda returns for a function that threw; cognito-local turns it into the trigger error.
        const failure = error instanceof Error ? error : new Error(String(error));
        console.error(`Lambda ${name} failed:`, failure);
        send(response, 200, { errorType: failure.name, errorMessage: failure.message }, {
          'x-amz-function-error': 'Unhandled',
        });
      }
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 400, { Type: 'User', message: String(error) });
    });
  });

  const listener = await listenOnLoopback(server);
  return {
    endpoint: listener.url,
    stop: () => listener.close(),
  };
}

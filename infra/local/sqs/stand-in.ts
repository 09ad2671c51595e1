/**
 * A loopback stand-in for Amazon SQS, speaking the AWS JSON 1.0 protocol that `@aws-sdk/client-sqs` (3.460 and
 * later) uses, so the official client runs unchanged against it (its `endpoint` set to this stand-in's `url`,
 * which the local stack hands the producers and the sender; unset in AWS, where the SDK talks to SQS itself):
 *
 *   POST   /                 `X-Amz-Target: AmazonSQS.<Operation>`, `Content-Type: application/x-amz-json-1.0`:
 *                            GetQueueUrl, GetQueueAttributes, SendMessage, SendMessageBatch, ReceiveMessage
 *                            (long polling up to 20 s, answered as soon as a message can be had),
 *                            DeleteMessage, DeleteMessageBatch, ChangeMessageVisibility,
 *                            ChangeMessageVisibilityBatch and PurgeQueue (operations.ts); SQS's other
 *                            operations answer UnsupportedOperation, since the queues are fixed at start
 *   GET    /_local/queues    not SQS's: every queue with its visible, in-flight and delayed counts and its
 *                            messages, oldest first
 *   DELETE /_local/queues    not SQS's: purges every queue
 *
 * Queues are standard queues declared in the options (name, visibility timeout, redrive policy to a dead-letter
 * queue after `maxReceiveCount` receives); URLs are `<url>/000000000000/<name>`, ARNs
 * `arn:aws:sqs:us-east-1:000000000000:<name>` (queue-address.ts). Requests must be SigV4-signed (the signature is
 * not checked: the point is the wire format, and the check catches a client with no credentials at all) and at
 * most `maxBodyBytes` long. Requests are validated with zod and SQS's own limits (requests.ts,
 * message-content.ts); an invalid one gets SQS's typed error (errors.ts), never a crash. MD5OfMessageBody,
 * MD5OfBody and the attribute digests are SQS's (message-md5.ts), which the SDK checks. State lives in memory.
 * Listens on 127.0.0.1 only and answers only loopback Host names (docs/local-stack.md "The local stack lets no
 * one in"). Never part of the CDK app. FIFO queues, message retention, queue management and permissions are
 * not modeled.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { acceptsLoopbackHost, listenOnLoopback } from '../loopback-server.ts';
import { SqsApiError, invalidParameterValue } from './errors.ts';
import { OPERATIONS, UNSERVED_OPERATIONS } from './operations.ts';
import { queueArn, queueUrl } from './queue-address.ts';
import { LocalQueue, type QueueSnapshot } from './queue.ts';

export const LOCAL_QUEUES_PATH = '/_local/queues';
/** Room for a 256 KiB message written as JSON, escapes included, and its attributes. */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;
const JSON_1_0 = 'application/x-amz-json-1.0';
/** SigV4, or SigV4a (which the SDK uses for multi-region endpoints); the access key id is the sender's id. */
const SIGNED = /^AWS4-(?:HMAC-SHA256|ECDSA-P256-SHA256) Credential=([^/\s,]+)\//;
const TARGET = /^AmazonSQS\.([A-Za-z]+)$/;

const QueueDeclarationSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be 1 to 80 letters, digits, hyphens or underscores (FIFO queues, named .fifo, are not modeled)'),
  /** SQS's default is 30 seconds. */
  visibilityTimeoutSeconds: z.int().min(0).max(43_200).default(30),
  redrive: z.strictObject({ deadLetterQueue: z.string(), maxReceiveCount: z.int().min(1).max(1000) }).optional(),
});
export type SqsQueueDeclaration = z.input<typeof QueueDeclarationSchema>;

export interface SqsStandInOptions {
  /** The queues, fixed for the stand-in's life; a dead-letter queue is declared like any other. */
  readonly queues: readonly SqsQueueDeclaration[];
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** The largest request body taken. */
  readonly maxBodyBytes?: number;
  /** The clock of sent times, delays and visibility timeouts (tests); long polls wait in real time. */
  readonly now?: () => number;
  /** Where unexpected failures are reported (default console.warn). */
  readonly log?: (line: string) => void;
}

/** A queue as GET /_local/queues shows it. */
export interface LocalQueueView extends QueueSnapshot {
  readonly url: string;
}

export interface SqsStandIn {
  /** http://127.0.0.1:<port>: the SDK's `endpoint`. */
  readonly url: string;
  /** A declared queue's URL; throws for a name that was not declared. */
  queueUrl(name: string): string;
  /** A declared queue's ARN; throws for a name that was not declared. */
  queueArn(name: string): string;
  /** Every queue with its counts and messages, as GET /_local/queues answers. */
  queues(): LocalQueueView[];
  /** Empties every queue, as DELETE /_local/queues does. */
  purgeAll(): void;
  /** Ends pending long polls without taking a message and closes the server, dropping its connections. */
  stop(): Promise<void>;
}

function declaredQueues(declarations: readonly SqsQueueDeclaration[], now: () => number): Map<string, LocalQueue> {
  const parsed = z.array(QueueDeclarationSchema).min(1, 'declare at least one queue').safeParse(declarations);
  if (!parsed.success) throw new Error(`SQS stand-in: invalid queues: ${z.prettifyError(parsed.error)}`);
  const queues = new Map<string, LocalQueue>();
  for (const declaration of parsed.data) {
    if (queues.has(declaration.name)) throw new Error(`SQS stand-in: queue ${declaration.name} is declared twice.`);
    queues.set(declaration.name, new LocalQueue(declaration.name, declaration.visibilityTimeoutSeconds, declaration.redrive, now(), now));
  }
  for (const queue of queues.values()) {
    if (!queue.redrive) continue;
    const target = queues.get(queue.redrive.deadLetterQueue);
    if (!target) throw new Error(`SQS stand-in: queue ${queue.name}'s dead-letter queue ${queue.redrive.deadLetterQueue} is not declared.`);
    if (target === queue) throw new Error(`SQS stand-in: queue ${queue.name} cannot be its own dead-letter queue.`);
    queue.deadLetterQueue = target;
  }
  return queues;
}

/** The body, or undefined when it is longer than `max` (read to the end anyway, so the client hears the answer). */
async function readBody(request: IncomingMessage, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
  }
  return size > max ? undefined : Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': JSON_1_0,
    'cache-control': 'no-store',
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  response.end(text);
}

function sendError(response: ServerResponse, error: SqsApiError): void {
  sendJson(response, error.status, error.body(), { ...error.headers, 'x-amzn-query-error': `${error.code};${error.fault}` });
}

const notAllowed = (method: string, path: string, allow: string) =>
  new SqsApiError('InvalidAction', `${method} ${path} is not served here; it takes ${allow}.`, { allow }, 405);

/** SQS's answer for what a request threw: its own error, or a 500 that is logged, since it is a bug here. */
function answerFor(error: unknown, log: (line: string) => void): SqsApiError {
  if (error instanceof SqsApiError) return error;
  log(`SQS stand-in: ${error instanceof Error ? error.stack : String(error)}`);
  return new SqsApiError('InternalError', 'The local SQS stand-in failed on this request; see its log.');
}

export async function startSqsStandIn(options: SqsStandInOptions): Promise<SqsStandIn> {
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((line: string) => console.warn(line));
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const queues = declaredQueues(options.queues, now);
  const stopping = new AbortController();
  let baseUrl = '';

  const views = (): LocalQueueView[] => [...queues.values()].map((queue) => ({ url: queueUrl(baseUrl, queue.name), ...queue.snapshot() }));
  const purgeAll = () => {
    for (const queue of queues.values()) queue.purge();
  };

  const callOperation = async (request: IncomingMessage, response: ServerResponse): Promise<unknown> => {
    const signed = SIGNED.exec(request.headers.authorization ?? '');
    if (!signed) {
      throw new SqsApiError('MissingAuthenticationToken', 'Missing Authentication Token: sign the request (SigV4), as the AWS SDK does with any credentials.');
    }
    const target = request.headers['x-amz-target'];
    if (target === undefined) {
      throw new SqsApiError(
        'InvalidAction',
        'The local SQS stand-in speaks the AWS JSON 1.0 protocol (X-Amz-Target: AmazonSQS.<Operation>), as @aws-sdk/client-sqs 3.460 and later send it; a request without X-Amz-Target, such as the older query protocol (Action=...), is not served.',
      );
    }
    const operationName = TARGET.exec(String(target))?.[1];
    const operation = operationName === undefined ? undefined : OPERATIONS.get(operationName);
    if (!operation) {
      if (operationName !== undefined && UNSERVED_OPERATIONS.has(operationName)) {
        throw new SqsApiError('UnsupportedOperation', `${operationName} is not served by the local SQS stand-in: its queues are declared when it starts (infra/local/sqs/stand-in.ts).`);
      }
      throw new SqsApiError('InvalidAction', `The action ${String(target)} is not valid for this endpoint.`);
    }
    // Required, not only expected: a cross-site form cannot send it without a CORS preflight, which goes unanswered.
    if ((request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== JSON_1_0) {
      throw invalidParameterValue(`${operationName} takes a JSON body (Content-Type: ${JSON_1_0}).`);
    }
    const body = await readBody(request, maxBodyBytes);
    if (body === undefined) throw new SqsApiError('InvalidParameterValue', `The request body is longer than ${maxBodyBytes} bytes.`, {}, 413);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw invalidParameterValue('The request body is not valid JSON.');
    }
    // A long poll ends without taking messages when its client hangs up or the stand-in stops. The socket's end
    // is the first sign of a client gone (an event source stopping aborts its poll): the response's close comes
    // a loop turn or two later, by when a send may already have woken the poll.
    const hungUp = new AbortController();
    const socket = request.socket;
    const hangUp = () => hungUp.abort();
    if (socket.readableEnded) hangUp();
    socket.once('end', hangUp);
    response.once('close', () => {
      socket.off('end', hangUp);
      if (!response.writableFinished) hangUp();
    });
    return operation(json, { queues, baseUrl, senderId: signed[1]!, signal: AbortSignal.any([stopping.signal, hungUp.signal]), injectedClock: options.now !== undefined });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    if (path === LOCAL_QUEUES_PATH) {
      if (method === 'DELETE') {
        purgeAll();
        return void response.writeHead(204, { 'cache-control': 'no-store' }).end();
      }
      if (method !== 'GET' && method !== 'HEAD') throw notAllowed(method, path, 'GET, DELETE');
      return sendJson(response, 200, { queues: views() }, { 'content-type': 'application/json' });
    }
    if (path !== '/') {
      throw new SqsApiError('InvalidAction', `Nothing here at ${path}: SQS requests go to POST / (JSON 1.0 protocol); the queues are at ${LOCAL_QUEUES_PATH}.`, {}, 404);
    }
    if (method !== 'POST') throw notAllowed(method, path, 'POST');
    return sendJson(response, 200, await callOperation(request, response));
  };

  const server = createServer((request, response) => {
    if (!acceptsLoopbackHost(request, response, 'SQS')) return;
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://127.0.0.1');
    } catch {
      return sendError(response, invalidParameterValue('Malformed request target.'));
    }
    handle(request, response, url).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      sendError(response, answerFor(error, log));
    });
  });

  const listener = await listenOnLoopback(server, options.port ?? 0);
  baseUrl = listener.url;
  const known = (name: string) => {
    if (!queues.has(name)) throw new Error(`SQS stand-in: no queue ${name} was declared (there are ${[...queues.keys()].join(', ')}).`);
    return name;
  };
  return {
    url: listener.url,
    queueUrl: (name) => queueUrl(listener.url, known(name)),
    queueArn: (name) => queueArn(known(name)),
    queues: views,
    purgeAll,
    stop: async () => {
      stopping.abort();
      await listener.close();
    },
  };
}

/**
 * A loopback stand-in for the part of OpenAI RaceFinder's AI coach uses, speaking OpenAI's wire format so the
 * official `openai` SDK runs unchanged against it (`baseURL` = this stand-in's `url`, what OPENAI_BASE_URL
 * takes; unset in AWS, where the SDK talks to api.openai.com):
 *
 *   POST /v1/chat/completions   OpenAI's request (validated, 400 in OpenAI's format for a bad one) and
 *                               chat.completion answer, or its chunk stream for `stream: true`
 *   GET  /_local/requests       not OpenAI's: every chat completion body received, for tests in another process
 *   POST /_local/fail-next      `{ kind: 'server_error' | 'rate_limit' | 'timeout', count? }`: what failNext does
 *   POST /_local/reset          forgets the requests and the failures still queued
 *
 * The answers come from a small deterministic "local model" (local-model.ts) that reads the athlete context
 * the app puts after `ATHLETE CONTEXT (JSON):` in its system message, calls the app's tools when asked, reports
 * tool results and fills structured outputs. Requests need the key as `Authorization: Bearer <key>` (the
 * `_local` paths too); a wrong or missing one is OpenAI's 401. State lives in memory. Listens on 127.0.0.1
 * only and answers only loopback Host names (docs/local-stack.md "The local stack lets no one in").
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { acceptsLoopbackHost, listenOnLoopback } from '../loopback-server.ts';
import { buildCompletion, streamChunks } from './completion.ts';
import { OpenAiApiError, incorrectApiKey, invalidRequest, missingApiKey, rateLimited, serverError, unknownUrl, unparsableJson } from './errors.ts';
import { respond } from './local-model.ts';
import { parseChatCompletionRequest } from './request-schema.ts';

export { ATHLETE_CONTEXT_MARKER } from './athlete-context.ts';
export { COACH_TOOLS } from './tool-intents.ts';

/** The API key `npm start` hands the handlers and the stand-in accepts. Local only, worthless elsewhere. */
export const LOCAL_OPENAI_KEY = 'sk-local-racefinder';

/** Context JSON and a long conversation fit easily; a runaway client does not. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export const FAILURE_KINDS = ['server_error', 'rate_limit', 'timeout'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** A chat completion request body as received (before validation, so a refused one is there too). */
export type RecordedRequest = Readonly<Record<string, unknown>>;

export interface OpenAiStandInOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** The key requests must carry (default LOCAL_OPENAI_KEY). */
  readonly apiKey?: string;
  /** Where unexpected failures are reported (default console.warn). */
  readonly log?: (line: string) => void;
}

export interface OpenAiStandIn {
  /** http://127.0.0.1:<port>/v1, as the SDK's baseURL (OPENAI_BASE_URL) takes it. */
  readonly url: string;
  readonly apiKey: string;
  /** Every chat completion request body received with the right key, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /**
   * The next `count` (default 1) chat completion requests fail: 'server_error' answers 500, 'rate_limit' 429
   * (retry-after 1 s), 'timeout' never answers until the client gives up or the stand-in stops. Calls queue up.
   */
  failNext(kind: FailureKind, count?: number): void;
  /** Forgets the requests received and the failures still queued. */
  reset(): void;
  stop(): Promise<void>;
}

const FailNextBody = z.strictObject({ kind: z.enum(FAILURE_KINDS), count: z.number().int().min(1).max(1000).optional() });

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

const errorAnswer = (error: OpenAiApiError): Answer => ({ status: error.status, body: { error: error.body }, headers: error.headers });

const bearerKeyOf = (header: string | undefined) => {
  const [scheme, value] = (header ?? '').split(' ', 2);
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
};

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Throws OpenAI's 401 unless the request carries the key. */
function authenticate(request: IncomingMessage, apiKey: string): void {
  const key = bearerKeyOf(request.headers.authorization);
  if (!key) throw missingApiKey();
  if (!sameSecret(key, apiKey)) throw incorrectApiKey(key);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidRequest(`Request body too large (at most ${MAX_BODY_BYTES} bytes).`, null, null, 413);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw unparsableJson();
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export async function startOpenAiStandIn(options: OpenAiStandInOptions = {}): Promise<OpenAiStandIn> {
  const apiKey = options.apiKey ?? LOCAL_OPENAI_KEY;
  const log = options.log ?? ((line: string) => console.warn(line));
  const requests: RecordedRequest[] = [];
  const failures: FailureKind[] = [];

  const failNext = (kind: FailureKind, count = 1) => {
    for (let index = 0; index < count; index += 1) failures.push(kind);
  };
  const reset = () => {
    requests.length = 0;
    failures.length = 0;
  };

  /** The answer to POST /v1/chat/completions: JSON, a chunk stream, or 'hold' when a 'timeout' failure keeps it unanswered. */
  const chatCompletion = async (request: IncomingMessage): Promise<Answer | 'hold' | { stream: Iterable<unknown> }> => {
    const body = await readJson(request);
    if (isRecord(body)) requests.push(body);
    const failure = failures.shift();
    if (failure === 'timeout') return 'hold';
    if (failure === 'server_error') throw serverError();
    if (failure === 'rate_limit') throw rateLimited(isRecord(body) && typeof body.model === 'string' ? body.model : 'the model');
    const parsed = parseChatCompletionRequest(body);
    const completion = buildCompletion(parsed, respond(parsed));
    if (parsed.stream) return { stream: streamChunks(completion, parsed.stream_options?.include_usage === true) };
    return { status: 200, body: completion };
  };

  /** The `_local` control surface for tests in another process. */
  const control = async (request: IncomingMessage, path: string): Promise<Answer> => {
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/_local/requests') return { status: 200, body: { requests } };
    if (method === 'POST' && path === '/_local/reset') {
      reset();
      return { status: 200, body: { requests: [], failNext: [] } };
    }
    if (method === 'POST' && path === '/_local/fail-next') {
      const parsed = FailNextBody.safeParse(await readJson(request));
      if (!parsed.success) throw invalidRequest(`Send { "kind": ${FAILURE_KINDS.map((kind) => `"${kind}"`).join(' | ')}, "count"?: 1 to 1000 }.`, 'kind', 'invalid_value');
      failNext(parsed.data.kind, parsed.data.count);
      return { status: 200, body: { failNext: failures } };
    }
    throw unknownUrl(method, path);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'cache-control': 'no-cache, no-store',
      'x-request-id': `req_${randomBytes(16).toString('hex')}`,
      'openai-version': '2020-10-01',
      'openai-processing-ms': '1',
    };
    const send = (answer: Answer) => {
      response.writeHead(answer.status, { ...headers, ...answer.headers });
      response.end(JSON.stringify(answer.body, null, 2));
    };
    let answer: Awaited<ReturnType<typeof chatCompletion>>;
    try {
      authenticate(request, apiKey);
      if (path.startsWith('/_local/')) answer = await control(request, path);
      else if (request.method === 'POST' && path === '/v1/chat/completions') answer = await chatCompletion(request);
      else throw unknownUrl(request.method ?? 'GET', path);
    } catch (error) {
      if (error instanceof OpenAiApiError) return send(errorAnswer(error));
      log(`OpenAI stand-in: ${error instanceof Error ? error.stack : String(error)}`);
      return send(errorAnswer(serverError()));
    }
    // Held: no answer at all. The client's own timeout ends it, or stop() closes the connection.
    if (answer === 'hold') return;
    if ('stream' in answer) {
      response.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
      for (const chunk of answer.stream) response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      response.end('data: [DONE]\n\n');
      return;
    }
    send(answer);
  };

  const server = createServer((request, response) => {
    if (!acceptsLoopbackHost(request, response, 'OpenAI')) return;
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    handle(request, response, path).catch((error: unknown) => {
      log(`OpenAI stand-in: ${error instanceof Error ? error.stack : String(error)}`);
      if (!response.headersSent) response.writeHead(500).end();
      else response.end();
    });
  });

  const listener = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: `${listener.url}/v1`,
    apiKey,
    requests,
    failNext,
    reset,
    // Closing every connection also ends the requests a 'timeout' failure is holding.
    stop: () => listener.close(),
  };
}

/**
 * A loopback stand-in for Amazon SES (API v2), speaking SendEmail's REST-JSON wire format so the official
 * `@aws-sdk/client-sesv2` runs unchanged against it (the SDK's `endpoint` set to this stand-in's `url`, which
 * the local stack hands the handlers as SES_ENDPOINT; unset in AWS, where the SDK talks to SES itself), and
 * keeping every message it accepted for people and tests to read:
 *
 *   POST   /v2/email/outbound-emails   SendEmail: 200 `{ "MessageId" }`, or SES's error (see errors.ts). Simple
 *                                      content only (Subject, Body Text/Html, Headers): Raw and Template content,
 *                                      attachments and ListManagementOptions answer 400 BadRequestException,
 *                                      since RaceFinder's sender sends Simple messages with its own headers
 *   GET    /_local/mailbox.json        not SES's: the kept messages as JSON, newest first; `?to=` keeps those
 *                                      addressed to that address in To, Cc or Bcc
 *   GET    /_local/mailbox             the mailbox page: the messages in a table (mailbox-page.ts); `?to=` as above
 *   GET    /_local/mailbox/{id}        one message rendered: its HTML part in a sandboxed frame, its plain-text
 *                                      part beside it, its headers
 *   DELETE /_local/mailbox             forgets the messages
 *   GET    /_local/faults              the faults still to happen
 *   POST   /_local/faults              `{ kind, count?, to? }`: the next `count` sends (to `to` only, if given)
 *                                      fail with SES's answer for `kind` (faults.ts)
 *   DELETE /_local/faults              forgets the faults
 *
 * SendEmail wants a SigV4-signed request (the signature is not checked: the point is the wire format, and the
 * check catches a client with no credentials at all) and a JSON body of at most `maxBodyBytes` (10 MB; SES's
 * own cap is 40 MB, a local process has no use for that). Requests are validated with zod as SES validates
 * them (send-email-request.ts); an invalid one gets SES's typed error, never a crash. State lives in memory
 * (mailbox.ts keeps the latest 5,000). Listens on 127.0.0.1 only and answers only loopback Host names
 * (docs/local-stack.md "The local stack lets no one in"); the local gateway shows the mailbox at its own
 * /_local/mailbox (mailbox-proxy.ts). Never part of the CDK app.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { acceptsLoopbackHost, listenOnLoopback } from '../loopback-server.ts';
import { bareAddress } from './addresses.ts';
import { SesApiError, badRequest, messageRejected } from './errors.ts';
import { FaultPlan, SesFaultSchema, type SesFault, type SesFaultInput } from './faults.ts';
import { DEFAULT_MAX_KEPT, Mailbox, type KeptMessage } from './mailbox.ts';
import { MAILBOX_PAGE_CSP, MAILBOX_PATH, mailboxListPage, mailboxMessagePage, mailboxNotFoundPage, type RenderedPage } from './mailbox-page.ts';
import { SendEmailRequestSchema, acceptSendEmail, validationMessage } from './send-email-request.ts';

export const SEND_EMAIL_PATH = '/v2/email/outbound-emails';
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** A fault is a line of JSON. */
const MAX_FAULT_BODY_BYTES = 16 * 1024;
/** SigV4, or SigV4a (which the SDK uses for multi-region endpoints). */
const SIGNED = /^AWS4-(HMAC-SHA256|ECDSA-P256-SHA256) Credential=\S+/;

export interface SesStandInOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** The largest SendEmail body taken; larger ones answer MessageRejected. */
  readonly maxBodyBytes?: number;
  /** How many messages are kept (the oldest go first). */
  readonly maxKept?: number;
  /** When given, only these addresses or domains may send (SES sends only from verified identities). */
  readonly verifiedIdentities?: readonly string[];
  /** When given, only these configuration sets exist. */
  readonly configurationSets?: readonly string[];
  /** The clock of MessageIds, Date headers and sentAt (tests). */
  readonly now?: () => number;
  /** Where unexpected failures are reported (default console.warn). */
  readonly log?: (line: string) => void;
}

export interface SesStandIn {
  /** http://127.0.0.1:<port>: the SDK's `endpoint`, as SES_ENDPOINT takes it. */
  readonly url: string;
  /** Kept messages, newest first; with `to`, those addressed to it. */
  messages(to?: string): KeptMessage[];
  /** Messages accepted since the start or the last clear, including any no longer kept. */
  readonly accepted: number;
  addFault(fault: SesFaultInput): void;
  faults(): readonly SesFault[];
  /** Forgets the messages and the faults. */
  clear(): void;
  stop(): Promise<void>;
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
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  response.end(text);
}

function sendError(response: ServerResponse, error: SesApiError): void {
  sendJson(response, error.status, { message: error.message }, { ...error.headers, 'x-amzn-errortype': error.type });
}

function sendPage(response: ServerResponse, page: RenderedPage): void {
  response.writeHead(page.status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': MAILBOX_PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  });
  response.end(page.html);
}

const notAllowed = (method: string, path: string, allow: string) =>
  new SesApiError(405, 'UnknownOperationException', `${method} ${path} is not served here; it takes ${allow}.`, { allow });

/** SES's answer for what a request threw: its own error, or a 500 that is logged, since it is a bug here. */
function answerFor(error: unknown, log: (line: string) => void): SesApiError {
  if (error instanceof SesApiError) return error;
  if (error instanceof URIError) return badRequest('Malformed percent-encoding in the path.');
  log(`SES stand-in: ${error instanceof Error ? error.stack : String(error)}`);
  return new SesApiError(500, 'InternalServiceErrorException', 'The local SES stand-in failed on this request; see its log.');
}

const isJson = (request: IncomingMessage) => /^application\/json\b/i.test(request.headers['content-type'] ?? '');

export async function startSesStandIn(options: SesStandInOptions = {}): Promise<SesStandIn> {
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((line: string) => console.warn(line));
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const mailbox = new Mailbox(options.maxKept ?? DEFAULT_MAX_KEPT);
  const faults = new FaultPlan();

  const sendEmail = async (request: IncomingMessage): Promise<{ MessageId: string }> => {
    if (!SIGNED.test(request.headers.authorization ?? '')) {
      throw new SesApiError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token: sign the request (SigV4), as the AWS SDK does with any credentials.');
    }
    // Required, not only expected: a cross-site form cannot send it without a CORS preflight, which goes unanswered.
    if (!isJson(request)) throw badRequest('SendEmail takes a JSON body (Content-Type: application/json).');
    const body = await readBody(request, maxBodyBytes);
    if (body === undefined) throw messageRejected(`Message length is more than ${maxBodyBytes} bytes long.`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
    const parsed = SendEmailRequestSchema.safeParse(json);
    if (!parsed.success) throw badRequest(validationMessage(parsed.error));
    const message = acceptSendEmail(parsed.data, { now: now(), verifiedIdentities: options.verifiedIdentities, configurationSets: options.configurationSets });
    // A valid message meets the faults only now: an invalid one is refused for its own reason and spends none.
    const fault = faults.take([...message.to, ...message.cc, ...message.bcc].map((raw) => bareAddress(raw) ?? raw));
    if (fault) throw fault;
    mailbox.add(message);
    return { MessageId: message.id };
  };

  const addFault = async (request: IncomingMessage) => {
    if (!isJson(request)) throw badRequest('Send the fault as JSON (Content-Type: application/json).');
    const body = await readBody(request, MAX_FAULT_BODY_BYTES);
    let json: unknown;
    try {
      json = JSON.parse(body ?? '');
    } catch {
      throw badRequest('The fault is not valid JSON.');
    }
    const parsed = SesFaultSchema.safeParse(json);
    if (!parsed.success) {
      throw badRequest(`Send { "kind": "throttled" | "server_error" | "rejected", "count"?: 1.., "to"?: an address }: ${validationMessage(parsed.error)}`);
    }
    faults.add(parsed.data);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const method = request.method === 'HEAD' ? 'GET' : (request.method ?? 'GET');
    const path = url.pathname;
    const to = url.searchParams.get('to')?.trim() || undefined;
    if (path === SEND_EMAIL_PATH) {
      if (method !== 'POST') throw notAllowed(method, path, 'POST');
      return sendJson(response, 200, await sendEmail(request));
    }
    if (path.startsWith('/v2/')) {
      throw new SesApiError(404, 'UnknownOperationException', `The local SES stand-in serves SendEmail only (POST ${SEND_EMAIL_PATH}), not ${method} ${path}.`);
    }
    if (path === `${MAILBOX_PATH}.json`) {
      if (method !== 'GET') throw notAllowed(method, path, 'GET');
      return sendJson(response, 200, mailbox.list(to));
    }
    if (path === MAILBOX_PATH) {
      if (method === 'DELETE') {
        mailbox.clear();
        return void response.writeHead(204, { 'cache-control': 'no-store' }).end();
      }
      if (method !== 'GET') throw notAllowed(method, path, 'GET, DELETE');
      return sendPage(response, mailboxListPage(mailbox.list(to), to));
    }
    const one = new RegExp(`^${MAILBOX_PATH}/([^/]+)$`).exec(path);
    if (one) {
      if (method !== 'GET') throw notAllowed(method, path, 'GET');
      const id = decodeURIComponent(one[1]!);
      const message = mailbox.get(id);
      return sendPage(response, message ? mailboxMessagePage(message) : mailboxNotFoundPage(id));
    }
    if (path === '/_local/faults') {
      if (method === 'POST') await addFault(request);
      else if (method === 'DELETE') faults.clear();
      else if (method !== 'GET') throw notAllowed(method, path, 'GET, POST, DELETE');
      return sendJson(response, 200, { faults: faults.list() });
    }
    throw new SesApiError(404, 'UnknownOperationException', `Nothing here at ${path}: see ${SEND_EMAIL_PATH} and ${MAILBOX_PATH}.`);
  };

  const server = createServer((request, response) => {
    if (!acceptsLoopbackHost(request, response, 'SES')) return;
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://127.0.0.1');
    } catch {
      return sendError(response, badRequest('Malformed request target.'));
    }
    handle(request, response, url).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      sendError(response, answerFor(error, log));
    });
  });

  const listener = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: listener.url,
    messages: (to) => mailbox.list(to),
    get accepted() {
      return mailbox.accepted;
    },
    addFault: (fault) => faults.add(fault),
    faults: () => faults.list(),
    clear: () => {
      mailbox.clear();
      faults.clear();
    },
    stop: () => listener.close(),
  };
}

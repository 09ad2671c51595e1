/**
 * The local gateway: one HTTP server on one port doing locally what CloudFront and API Gateway do in AWS.
 *
 *   /api/*        the route table's handlers, invoked in-process with API Gateway v2 events, behind the
 *                 same JWT checks as the HTTP API authorizer and the route's throttle, per verified user on
 *                 signed-in routes (unknown route 404, past the throttle 429, bad token 401, body over 1 MB
 *                 413, each with API Gateway's own JSON message)
 *   /cognito/*    cognito-local's user-facing actions only, so the browser talks to one origin (with the
 *                 refresh-token shim); admin actions are refused (cognito-proxy.ts)
 *   /config.json  the RuntimeConfig the deployment writes to S3 in AWS
 *   /_local/mailbox, /_local/mailbox.json, /_local/mailbox/{id}
 *                 not in AWS: the SES stand-in's mailbox, read through (ses/mailbox-proxy.ts), when the stack
 *                 runs one
 *   POST /_local/schedules/{name}
 *                 not in AWS: runs a scheduled job now (the daily alerts), as its EventBridge schedule would,
 *                 and answers what it did
 *   /media/*      event images' renditions from the media bucket (CloudFront's /media/* behaviour in AWS)
 *   anything else the web build (SPA fallback to index.html, 404 for paths that are no page), with the
 *                 distribution's security headers
 *
 * It listens on the loopback only and answers only requests whose Host names the loopback (localhost,
 * 127.0.0.1 or [::1], any port): a web page on another site could otherwise point a host name of its own at
 * 127.0.0.1 (DNS rebinding) and read the local API and cognito-local as same-origin. Other hosts get 403.
 * Every answer the gateway makes itself for an error carries Cache-Control: no-store.
 *
 * Handler modules read process.env when first imported: set it first (handler-env.ts; stack.ts does).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import { contentSecurityPolicy } from '#shared/content-security-policy';
import { MEDIA_PATH } from '#shared/schemas/event-image';
import { ANONYMOUS_SIGNED_IN_LIMIT, routeKey, type RouteId } from '#shared/routes';
import type { RuntimeConfig, SiteContact } from '#shared/runtime-config';
import { buildApiEvent, toHttpResult, type HttpResult } from './api-event.ts';
import { createCognitoProxy } from './cognito-proxy.ts';
import { createJwtAuthorizer, type Authorization } from './jwt-authorizer.ts';
import { holdIdleConnections } from './loopback-server.ts';
import { CARD_VERSION_PARAM } from '../../lambdas/pages/cards/card-format.ts';
import { createRouteMatcher } from './route-matcher.ts';
import { createMailboxProxy, isMailboxPath } from './ses/mailbox-proxy.ts';
import { createStaticSite, type DynamicPage, type PageRequest, type StaticSite } from './static-site.ts';
import { registerCssImports } from './css-imports.ts';
import type { WebManifest } from '../../lambdas/pages/web-manifest.ts';
import { createRouteThrottle, windowLimits } from './throttle.ts';
import { isOpenAccess } from '#shared/roles';

export type LambdaHttpHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer) => Promise<APIGatewayProxyResultV2>;

export interface GatewayCognito {
  /** cognito-local's own URL, which /cognito/* forwards to. */
  readonly endpoint: string;
  readonly userPoolId: string;
  readonly clientId: string;
  readonly issuer: string;
  readonly jwksUri: string;
}

export interface GatewayOptions {
  /** 0 or omitted: a free port. */
  readonly port?: number;
  /** The web build to serve; omitted serves no site (the API behind the Vite dev server). */
  readonly webRoot?: string;
  readonly cognito: GatewayCognito;
  /**
   * The site origin for /config.json when the request does not come to a loopback host name (behind the
   * Vite dev server the Host header already names the dev server's origin).
   */
  readonly siteUrl?: string;
  /**
   * Multiplies every route's throttle (rate and burst); default 1, the route table's own limits. The shared
   * integration stack raises it so its property tests are not throttled (throttle.ts).
   */
  readonly throttleScale?: number;
  /** The public contact details /config.json carries (a deployment's come from its deploy context). */
  readonly contact?: SiteContact;
  /** The SES stand-in's URL, whose mailbox the gateway shows at /_local/mailbox; omitted, those paths are the site's. */
  readonly mailboxUrl?: string;
  /** Scheduled jobs by name, run by POST /_local/schedules/{name} (EventBridge's schedules in AWS). */
  readonly schedules?: Readonly<Record<string, () => Promise<unknown>>>;
  /**
   * Event images (docs/images.md): how /media/<key> reads the media bucket, and the S3 stand-in's origin, which
   * the pages' Content-Security-Policy lets the browser POST uploads to (the uploads bucket's host in AWS).
   */
  readonly media?: {
    read(key: string): Promise<{ body: Buffer; contentType: string; cacheControl?: string } | undefined>;
    readonly uploadOrigin: string;
  };
  /** Called just before a handler runs, with the event it gets (tests; request logging). */
  readonly onInvoke?: (routeId: RouteId, event: APIGatewayProxyEventV2WithJWTAuthorizer) => void;
  /** Called once a handler has answered or failed, with the request's method (the stack wakes its stream reader after a write). */
  readonly onAnswered?: (routeId: RouteId, method: string) => void;
}

export interface Gateway {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * API Gateway's payload limit is 10 MB; the API takes JSON forms, so 1 MB is plenty and bounds abuse. A route
 * that takes a file as text says its own limit (textBody.maxBytes: a GPX course).
 */
export const MAX_BODY_BYTES = 1024 * 1024;
/** API Gateway's integration timeout. */
const INTEGRATION_TIMEOUT_MS = 30_000;

const ANONYMOUS_SIGNED_IN_THROTTLE = windowLimits(ANONYMOUS_SIGNED_IN_LIMIT);

/** Amplify's Cognito calls go through /cognito/ on this origin, so nothing beyond 'self' is needed. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': CONTENT_SECURITY_POLICY,
};

class PayloadTooLargeError extends Error {}

/** The client went away before it had sent the whole request: nothing to answer, nothing to debug. */
function isClientAbort(error: unknown, request: IncomingMessage): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (request.destroyed && !request.complete);
}

async function readBody(request: IncomingMessage, limit: number = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new PayloadTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new PayloadTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    // Errors the gateway makes itself are about this one request: no cache may keep them.
    ...(status >= 400 ? { 'cache-control': 'no-store' } : {}),
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function sendResult(response: ServerResponse, result: HttpResult, headers: Record<string, string>): void {
  response.writeHead(result.status, { ...SECURITY_HEADERS, ...headers, ...result.headers, 'content-length': result.body.length });
  response.end(result.body);
}

/** Host header values naming the loopback (DNS rebinding defence; see the header comment). */
export const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

const TIMED_OUT = Symbol('timed out');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function listen(server: Server, port: number, host: string): Promise<number> {
  holdIdleConnections(server);
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Where the local gateway runs a scheduled job on demand. */
const SCHEDULES_PATH = '/_local/schedules/';

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const matchRoute = createRouteMatcher();
  const authorizer = createJwtAuthorizer({
    issuer: options.cognito.issuer,
    clientId: options.cognito.clientId,
    jwksUri: options.cognito.jwksUri,
  });
  const proxyCognito = createCognitoProxy(options.cognito.endpoint);
  const throttle = createRouteThrottle({ scale: options.throttleScale });
  const proxyMailbox = options.mailboxUrl ? createMailboxProxy(options.mailboxUrl) : undefined;
  const site: StaticSite | undefined = options.webRoot ? createStaticSite(options.webRoot, { answerPage }) : undefined;
  // The pages' headers: uploads go to the S3 stand-in, another origin, as they go to the uploads bucket in AWS.
  const pageHeaders = options.media
    ? { ...SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy({ connectSources: [options.media.uploadOrigin] }) }
    : SECURITY_HEADERS;
  // One module per handler, imported on first use and kept, like a warm Lambda container.
  const handlers = new Map<string, Promise<LambdaHttpHandler>>();
  let ownUrl = '';

  function loadHandler(name: string): Promise<LambdaHttpHandler> {
    let loaded = handlers.get(name);
    if (!loaded) {
      loaded = import(new URL(`../../lambdas/${name}.ts`, import.meta.url).href).then((module: { handler?: unknown }) => {
        if (typeof module.handler !== 'function') throw new Error(`lambdas/${name}.ts exports no handler`);
        return module.handler as LambdaHttpHandler;
      });
      loaded.catch(() => handlers.delete(name));
      handlers.set(name, loaded);
    }
    return loaded;
  }

  /**
   * A page as the page function answers it in AWS (lambdas/pages/page-response.ts), run in-process like the
   * handlers and loaded as late as they are, once the handlers' environment is set. Not throttled: it is part of
   * serving the page. The site's address is the one the browser used, as /config.json says.
   */
  // The build's manifest, parsed once per build rather than on every page (the text is the static site's cached copy).
  let manifestCache: { text: string; manifest: WebManifest } | undefined;
  function parsedManifest(text: string | undefined): WebManifest | undefined {
    if (text === undefined) return undefined;
    if (manifestCache?.text !== text) manifestCache = { text, manifest: JSON.parse(text) as WebManifest };
    return manifestCache.manifest;
  }

  async function answerPage(request: PageRequest): Promise<DynamicPage> {
    // A preview card (lambdas/pages/cards), which the card function answers in AWS.
    const cards = await import('../../lambdas/pages/cards/card-response.ts');
    if (cards.isCardPath(request.pathname)) return cards.answerCard(request.pathname, new URLSearchParams(request.query).get(CARD_VERSION_PARAM));
    registerCssImports();
    const { answerPage: answer } = await import('../../lambdas/pages/page-response.ts');
    const manifest = parsedManifest(request.manifest);
    const { status, contentType, body } = await answer(request.pathname, request.query, { html: request.indexHtml, manifest, siteUrl: request.siteUrl });
    // Not the page's Cache-Control, which is for CloudFront's minute: locally a page is read again every time.
    return { status, contentType, body };
  }

  function runtimeConfig(request: IncomingMessage): RuntimeConfig {
    // The Host header was checked to name the loopback (handle); behind the Vite dev server it names the
    // dev server's origin, since the proxy passes it through.
    const host = request.headers.host;
    const siteUrl = host ? `http://${host}` : (options.siteUrl ?? ownUrl);
    return {
      environment: 'local',
      region: 'us-east-1',
      userPoolId: options.cognito.userPoolId,
      userPoolClientId: options.cognito.clientId,
      userPoolEndpoint: `${siteUrl}/cognito/`,
      googleSignIn: false,
      siteUrl,
      ...(options.contact ? { contact: options.contact } : {}),
    };
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, rawPath: string, rawQuery: string) {
    const requestId = randomUUID();
    const idHeader = { 'apigw-requestid': requestId };
    const route = matchRoute(request.method ?? 'GET', rawPath);
    const body = await readBody(request, route?.definition.textBody?.maxBytes);
    if (!route) return sendJson(response, 404, { message: 'Not Found' }, idHeader);
    const sourceIp = (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const tooManyRequests = () => sendJson(response, 429, { message: 'Too Many Requests' }, idHeader);
    const key = routeKey(route.definition);
    let authorization: Authorization | undefined;
    if (isOpenAccess(route.definition.access)) {
      // Everyone shares an open route's bucket, as API Gateway's route throttle.
      if (!throttle.take(key, route.definition.throttle)) return tooManyRequests();
    } else {
      // A signed-in route's bucket is the verified user's own, so nobody else can spend it; requests without a
      // valid token share one bucket per client IP, which a flood of them empties for itself alone.
      const result = await authorizer.authorize(request.headers.authorization);
      if (!result.ok) {
        if (!throttle.take(`anonymous ${sourceIp}`, ANONYMOUS_SIGNED_IN_THROTTLE)) return tooManyRequests();
        return sendJson(response, 401, { message: 'Unauthorized' }, {
          ...idHeader,
          'www-authenticate': `Bearer error="invalid_token", error_description="${result.reason.replace(/["\\]/g, "'")}"`,
        });
      }
      if (!throttle.take(`${key} ${result.authorization.claims.sub}`, route.definition.throttle)) return tooManyRequests();
      authorization = result.authorization;
    }

    const event = buildApiEvent(
      {
        method: request.method ?? 'GET',
        rawPath,
        rawQueryString: rawQuery,
        rawHeaders: request.rawHeaders,
        httpVersion: request.httpVersion,
        sourceIp,
        localPort: request.socket.localPort ?? 0,
        body,
      },
      route,
      authorization,
      requestId,
    );
    try {
      const handler = await loadHandler(route.definition.handler);
      options.onInvoke?.(route.id, event);
      const result = await withTimeout(handler(event), INTEGRATION_TIMEOUT_MS).finally(() => options.onAnswered?.(route.id, event.requestContext.http.method));
      if (result === TIMED_OUT) return sendJson(response, 503, { message: 'Service Unavailable' }, idHeader);
      sendResult(response, toHttpResult(result), idHeader);
    } catch (error) {
      // What API Gateway answers when the function itself fails (the wrapper normally prevents this).
      console.error(`Handler ${route.definition.handler} failed:`, error);
      sendJson(response, 500, { message: 'Internal Server Error' }, idHeader);
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const host = request.headers.host;
    if (!host || !LOOPBACK_HOST.test(host)) {
      return sendJson(response, 403, {
        message: 'Forbidden: the local RaceFinder server answers only requests addressed to localhost, 127.0.0.1 or [::1]',
      });
    }
    const target = request.url ?? '/';
    const queryAt = target.indexOf('?');
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
    const rawQuery = queryAt === -1 ? '' : target.slice(queryAt + 1);

    if (rawPath === '/api' || rawPath.startsWith('/api/')) return handleApi(request, response, rawPath, rawQuery);

    if (rawPath === '/cognito' || rawPath.startsWith('/cognito/')) {
      const body = await readBody(request);
      const path = rawPath.slice('/cognito'.length) || '/';
      return proxyCognito(request, response, queryAt === -1 ? path : `${path}?${rawQuery}`, body, SECURITY_HEADERS);
    }

    if (proxyMailbox && isMailboxPath(rawPath)) return proxyMailbox(request, response, target);

    if (rawPath.startsWith(SCHEDULES_PATH)) return runSchedule(request, response, decodeURIComponent(rawPath.slice(SCHEDULES_PATH.length)));

    if (rawPath === '/config.json') {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendJson(response, 405, { message: 'Method Not Allowed' }, { allow: 'GET, HEAD' });
      }
      return sendJson(response, 200, runtimeConfig(request), { 'cache-control': 'no-store' });
    }

    if (options.media && rawPath.startsWith(MEDIA_PATH)) return serveMedia(request, response, rawPath, options.media);

    if (!site) return sendJson(response, 404, { message: 'Not Found' });
    return site.serve(request, response, rawPath, pageHeaders, { query: rawQuery, siteUrl: runtimeConfig(request).siteUrl });
  }

  async function serveMedia(request: IncomingMessage, response: ServerResponse, rawPath: string, media: NonNullable<GatewayOptions['media']>) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, { message: 'Method Not Allowed' }, { allow: 'GET, HEAD' });
    let key: string;
    try {
      key = decodeURIComponent(rawPath.slice(1));
    } catch {
      return sendJson(response, 400, { message: 'Bad Request' });
    }
    const found = key.length > MEDIA_PATH.length - 1 ? await media.read(key) : undefined;
    if (!found) return sendJson(response, 404, { message: 'Not Found' }, { 'cache-control': 'no-store' });
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': found.contentType,
      'content-length': found.body.length,
      ...(found.cacheControl ? { 'cache-control': found.cacheControl } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : found.body);
  }

  async function runSchedule(request: IncomingMessage, response: ServerResponse, name: string) {
    const job = options.schedules && Object.hasOwn(options.schedules, name) ? options.schedules[name] : undefined;
    if (!job) return sendJson(response, 404, { message: `No scheduled job named '${name}'`, jobs: Object.keys(options.schedules ?? {}) });
    if (request.method !== 'POST') return sendJson(response, 405, { message: 'Method Not Allowed' }, { allow: 'POST' });
    await readBody(request);
    return sendJson(response, 200, { job: name, result: (await job()) ?? null }, { 'cache-control': 'no-store' });
  }

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    // Held from the start: once the body iterator is abandoned (a chunked body counted past the limit) and
    // the answer is finished, request.socket is null, and reading it there threw out of the server.
    const socket = request.socket;
    handle(request, response).catch((error: unknown) => {
      if (error instanceof PayloadTooLargeError) {
        // Answer first, then drop the connection: the rest of the body is never read.
        response.once('finish', () => socket.destroy());
        if (!response.headersSent) sendJson(response, 413, { message: 'Request Entity Too Large' }, { connection: 'close' });
        else socket.destroy();
        return;
      }
      if (isClientAbort(error, request)) {
        console.warn(`${request.method ?? 'GET'} ${(request.url ?? '/').split('?')[0]}: the client closed the connection before the request was complete`);
        response.destroy();
        return;
      }
      console.error('Gateway error:', error);
      if (!response.headersSent) sendJson(response, 502, { message: 'Bad Gateway' });
      else response.destroy();
    });
  };

  const ipv4 = createServer(onRequest);
  const ipv6 = createServer(onRequest);
  const port = await listen(ipv4, options.port ?? 0, '127.0.0.1');
  // `localhost` may resolve to ::1 first; answer there too when the machine has IPv6 loopback.
  await listen(ipv6, port, '::1').catch(() => undefined);
  ownUrl = `http://localhost:${port}`;
  // Compress the build in the background so the first page load does not wait for it.
  void site?.warm().catch(() => undefined);

  return {
    url: ownUrl,
    port,
    async stop() {
      await Promise.all([close(ipv4), close(ipv6)]);
    },
  };
}

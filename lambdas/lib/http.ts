/**
 * The one wrapper every route handler goes through: parse and validate the request with the route's zod
 * schemas, resolve the caller and enforce the route's role, run the domain function, and turn the result
 * or a typed error into a response. Status mapping and request logging happen here and nowhere else.
 * Entries reach it through `createHandler` of lambdas/handler.ts, which hands it the profile source.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import type { AnyRouteDefinition, RouteDefinition } from '#shared/routes/define';
import { isOpenAccess, roleSatisfies } from '#shared/roles';
import { MAINTENANCE_MESSAGE } from '#shared/schemas/system-config-defaults';
import type { ErrorBody, FileDownload } from '#shared/schemas/common';
import { claimsOf, resolveCallerFromClaims, type Caller, type ProfileSource } from './caller.ts';
import { BadRequestError, DatabaseUnavailableError, ForbiddenError, HttpError, MaintenanceModeError } from './errors.ts';
import { logger } from './logger.ts';
import { isServiceUnreachable } from './service-unreachable.ts';
import { compressResponse } from './response-compression.ts';
import { bearerToken, sharedTokenVerifier, type TokenVerifier } from './token-verifier.ts';

type Req<R extends AnyRouteDefinition> = R['request'];
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<R extends AnyRouteDefinition> {
  readonly path: Parsed<Req<R> extends { path: infer S } ? S : undefined>;
  readonly query: Parsed<Req<R> extends { query: infer S } ? S : undefined>;
  readonly body: Parsed<Req<R> extends { body: infer S } ? S : undefined>;
  /** The signed-in caller; undefined only on public, optional and webhook routes. */
  readonly caller: R['access'] extends 'public' | 'optional' | 'webhook' ? Caller | undefined : Caller;
  readonly requestId: string;
  /** The raw body exactly as received, for signature checks (webhooks). */
  readonly rawBody: string | undefined;
  readonly headers: Readonly<Record<string, string | undefined>>;
}

export type HttpHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer) => Promise<APIGatewayProxyResultV2>;

/** A route's Lambda handler, tagged with the id of the route it serves (a test matches it to the route table). */
export type RouteHandler = HttpHandler & { readonly routeId: string };

/** The domain function of a route: its parsed input in, its response body out. */
export type RouteRun<R extends AnyRouteDefinition> = (input: HandlerInput<R>) => Promise<z.input<R['response']>>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function fieldErrors(error: z.ZodError, prefix: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix;
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Validates one part of the request, adding its problems to `fields` under the part's name. */
function parsePart(schema: z.ZodType | undefined, value: unknown, part: string, fields: Record<string, string[]>): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  Object.assign(fields, fieldErrors(result.error, part));
  return undefined;
}

function decodeBody(event: APIGatewayProxyEventV2WithJWTAuthorizer): string | undefined {
  if (event.body === undefined || event.body === null) return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function parseJsonBody(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new BadRequestError('The request body is not valid JSON');
  }
}

/**
 * A form post (application/x-www-form-urlencoded): what a mail client sends to a one-click unsubscribe URI
 * (RFC 8058, `List-Unsubscribe=One-Click`), to a route that says it takes one (formBody). Its fields become an
 * object for the route's body schema, which decides what it takes, as it does for JSON.
 */
function isFormBody(event: APIGatewayProxyEventV2WithJWTAuthorizer): boolean {
  // HTTP API events name headers in lower case, as the rest of this file reads them.
  const type = event.headers?.['content-type'];
  return type?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

function parseFormBody(raw: string | undefined): Record<string, string> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return Object.fromEntries(new URLSearchParams(raw));
}

function errorResponse(status: number, body: ErrorBody, retryAfterSeconds?: number): APIGatewayProxyResultV2 {
  const retryAfter: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
  return { statusCode: status, headers: { ...JSON_HEADERS, 'cache-control': 'no-store', ...retryAfter }, body: JSON.stringify(body) };
}

function toErrorResponse(thrown: unknown, routeId: string, requestId: string): APIGatewayProxyResultV2 {
  let error = thrown;
  if (isServiceUnreachable(thrown)) {
    // An outage, not a bug: logged as a warning once, answered so clients know to try again.
    logger.warn('database unreachable', { route: routeId, requestId, error: thrown as Error });
    error = new DatabaseUnavailableError();
  }
  if (error instanceof HttpError) {
    return errorResponse(
      error.status,
      {
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}), ...(error.details ? { details: error.details } : {}) },
      },
      error.retryAfterSeconds,
    );
  }
  logger.error('unhandled error', { route: routeId, requestId, error: error as Error });
  return errorResponse(500, { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
}

/**
 * Who is calling. Routes behind the authorizer get verified claims on the event. Optional routes have no
 * authorizer, so a token sent to one is verified here, with the authorizer's rules; a bad one is a 401 rather
 * than an anonymous answer, so the client drops it instead of silently showing a signed-out page.
 */
async function callerOf(
  definition: RouteDefinition,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  tokenVerifier: TokenVerifier | undefined,
  profiles: ProfileSource,
): Promise<Caller | undefined> {
  if (definition.access === 'optional') {
    const token = bearerToken(event.headers);
    if (!token || !tokenVerifier) return undefined;
    return resolveCallerFromClaims(await tokenVerifier.verify(token), profiles, definition.data);
  }
  return isOpenAccess(definition.access) ? undefined : resolveCallerFromClaims(claimsOf(event), profiles, definition.data);
}

/**
 * Whether maintenance mode stops this request: a change (a route that writes, called with anything but GET)
 * by anyone below admin. Admins keep working so they can finish the maintenance and switch it off; webhooks
 * (a payment that already happened) are recorded whatever the mode, and so are page-view counts ('count'),
 * which change nothing anyone sees. A newsletter sign-up is a visitor's change like any other.
 */
export function maintenanceApplies(definition: Pick<RouteDefinition, 'data' | 'method' | 'access'>, caller: Caller | undefined): boolean {
  if (definition.data === 'read' || definition.data === 'count' || definition.method === 'GET' || definition.access === 'webhook') return false;
  return !caller || !roleSatisfies(caller.profile.role, 'admin');
}

async function handle(
  definition: RouteDefinition,
  run: (input: never) => Promise<unknown>,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  tokenVerifier: TokenVerifier | undefined,
  options: WrapOptions,
): Promise<APIGatewayProxyResultV2> {
  const { profiles, maintenanceMode } = options;
  // Who before what: callers below the route's role learn nothing about its inputs.
  const caller = await callerOf(definition, event, tokenVerifier, profiles);
  if (caller && !roleSatisfies(caller.profile.role, definition.access)) throw new ForbiddenError();
  // Asked only for the writes it can stop, so reads never pay for the configuration lookup.
  if (maintenanceMode && maintenanceApplies(definition, caller) && (await maintenanceMode())) {
    throw new MaintenanceModeError(MAINTENANCE_MESSAGE);
  }

  const rawBody = decodeBody(event);
  // Every part is checked before answering, so one 400 names every field that needs fixing.
  const fields: Record<string, string[]> = {};
  const path = parsePart(definition.request.path, event.pathParameters ?? {}, 'path', fields);
  const query = parsePart(definition.request.query, event.queryStringParameters ?? {}, 'query', fields);
  let body: unknown;
  if (definition.request.body && definition.textBody) {
    // A file sent as text: its own check's first words are the answer ('The file is empty...'), once the path is fine.
    const parsed = definition.request.body.safeParse(rawBody ?? '');
    if (parsed.success) body = parsed.data;
    else if (Object.keys(fields).length === 0) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'The body is not valid', fieldErrors(parsed.error, 'body'));
    else Object.assign(fields, fieldErrors(parsed.error, 'body'));
  } else if (definition.request.body) {
    // An absent body counts as {} (routes whose fields are all optional); a JSON null does not.
    const json = definition.formBody && isFormBody(event) ? parseFormBody(rawBody) : parseJsonBody(rawBody);
    body = parsePart(definition.request.body, json === undefined ? {} : json, 'body', fields);
  } else if (definition.method !== 'GET' && definition.access !== 'webhook' && rawBody?.trim()) {
    throw new BadRequestError('This request takes no body');
  }
  if (Object.keys(fields).length > 0) throw new BadRequestError('Some fields are not valid', fields);

  const result = await run({
    path,
    query,
    body,
    caller,
    requestId: event.requestContext.requestId,
    rawBody,
    headers: event.headers ?? {},
  } as never);

  // A public policy only for answers that do not depend on who asked: never for a known caller.
  const cacheControl =
    !caller && isOpenAccess(definition.access) && definition.cacheControl ? definition.cacheControl : 'private, no-store';
  // An optional route answers differently with a token, so caches must keep the two apart.
  const headers: Record<string, string> = { 'cache-control': cacheControl };
  if (definition.access === 'optional') headers.vary = 'Authorization';
  if (definition.status === 204) return { statusCode: 204, headers };
  if (definition.text) {
    const { contentType, filename } = definition.text;
    const download: Record<string, string> = filename ? { 'content-disposition': `attachment; filename="${filename}"` } : {};
    return { statusCode: definition.status ?? 200, headers: { 'content-type': contentType, ...download, ...headers }, body: String(result) };
  }
  if (definition.file) return fileResponse(definition, definition.file.contentType, result, headers);
  return { statusCode: definition.status ?? 200, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(result) };
}

/**
 * A file answered as bytes: base64 with isBase64Encoded, which API Gateway (and the local gateway) decode for the
 * client, and a download under its name. The route's schema checks the result first, since its name goes into a header.
 */
function fileResponse(definition: RouteDefinition, contentType: string, result: unknown, headers: Record<string, string>): APIGatewayProxyResultV2 {
  const { filename, bytes } = definition.response.parse(result) as FileDownload;
  return {
    statusCode: definition.status ?? 200,
    headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${filename}"`, ...headers },
    body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    isBase64Encoded: true,
  };
}

export interface WrapOptions {
  /** Where callers' profiles come from (lambdas/handler.ts passes the profile entity's). */
  readonly profiles: ProfileSource;
  /** The verifier of tokens sent to an optional route; default the function's own, configured from env. */
  readonly tokenVerifier?: TokenVerifier;
  /** Whether maintenance mode is on (lambdas/handler.ts passes the system configuration's cached reader). */
  readonly maintenanceMode?: () => Promise<boolean>;
}

/** The wrapper itself, for any route definition; lambdas/handler.ts binds it for the entries. */
export function wrapRoute<R extends AnyRouteDefinition>(definition: R, run: NoInfer<RouteRun<R>>, options: WrapOptions): RouteHandler {
  const routeId = definition.id;
  // Built when the handler module loads, so missing configuration fails at cold start, and only where needed.
  const tokenVerifier = definition.access === 'optional' ? (options.tokenVerifier ?? sharedTokenVerifier()) : undefined;
  const handler: HttpHandler = async (event) => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? 'unknown';
    let response: APIGatewayProxyResultV2;
    try {
      response = await handle(definition, run as (input: never) => Promise<unknown>, event, tokenVerifier, options);
    } catch (error) {
      response = toErrorResponse(error, routeId, requestId);
    }
    if (typeof response === 'object') response = compressResponse(response, event.headers?.['accept-encoding']);
    const status = typeof response === 'object' ? (response.statusCode ?? 200) : 200;
    logger.info('request', { requestId, route: routeId, status, latencyMs: Math.round(performance.now() - started) });
    return response;
  };
  return Object.assign(handler, { routeId });
}

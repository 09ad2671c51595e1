/**
 * Translation between HTTP and the Lambda proxy integration, payload format 2.0, the way API Gateway HTTP APIs
 * do it: the request becomes an APIGatewayProxyEventV2 (lower-cased headers with repeats joined by commas,
 * cookies split out, repeated query keys joined by commas, binary bodies base64-encoded, the authorizer's
 * claims in requestContext) and the function's result becomes the HTTP response.
 */
import { randomBytes } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import { routeKey } from '#shared/routes';
import type { Authorization } from './jwt-authorizer.ts';
import type { MatchedRoute } from './route-matcher.ts';

export interface ApiRequest {
  readonly method: string;
  readonly rawPath: string;
  /** Without the leading '?'. */
  readonly rawQueryString: string;
  /** Node's rawHeaders: name, value, name, value... */
  readonly rawHeaders: readonly string[];
  readonly httpVersion: string;
  readonly sourceIp: string;
  readonly localPort: number;
  readonly body: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Bodies API Gateway passes as text; anything else arrives base64-encoded with isBase64Encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type) return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded'
  );
}

/** requestContext.time as API Gateway writes it: 12/Mar/2020:19:03:58 +0000. */
export function apiGatewayTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

function collectHeaders(rawHeaders: readonly string[]): { headers: Record<string, string>; cookies: string[] } {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!.toLowerCase();
    const value = rawHeaders[index + 1]!;
    if (HOP_BY_HOP.has(name)) continue;
    if (name === 'cookie') {
      cookies.push(...value.split(';').map((cookie) => cookie.trim()).filter(Boolean));
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  return { headers, cookies };
}

function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const parameters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    parameters[key] = key in parameters ? `${parameters[key]},${value}` : value;
  }
  return Object.keys(parameters).length ? parameters : undefined;
}

function traceId(now: Date): string {
  return `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
}

export function buildApiEvent(
  request: ApiRequest,
  route: MatchedRoute,
  authorization: Authorization | undefined,
  requestId: string,
  now = new Date(),
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const { headers, cookies } = collectHeaders(request.rawHeaders);
  const forwardedFor = headers['x-forwarded-for'];
  Object.assign(headers, {
    'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${request.sourceIp}` : request.sourceIp,
    'x-forwarded-port': String(request.localPort),
    'x-forwarded-proto': 'http',
    'x-amzn-trace-id': traceId(now),
  });
  const host = (headers.host ?? 'localhost').replace(/:\d+$/, '');
  const key = routeKey(route.definition);
  const hasBody = request.body.length > 0;
  const text = isTextContentType(headers['content-type']);

  const requestContext = {
    accountId: '000000000000',
    apiId: 'local',
    domainName: host,
    domainPrefix: host.split('.')[0] ?? host,
    http: {
      method: request.method,
      path: request.rawPath,
      protocol: `HTTP/${request.httpVersion}`,
      sourceIp: request.sourceIp,
      userAgent: headers['user-agent'] ?? '',
    },
    requestId,
    routeKey: key,
    stage: '$default',
    time: apiGatewayTime(now),
    timeEpoch: now.getTime(),
    // Routes without an authorizer (public, webhook) get no authorizer block at all, as in AWS.
    ...(authorization
      ? {
          authorizer: {
            principalId: '',
            integrationLatency: 0,
            jwt: { claims: authorization.claims, scopes: authorization.scopes },
          },
        }
      : {}),
  };

  return {
    version: '2.0',
    routeKey: key,
    rawPath: request.rawPath,
    rawQueryString: request.rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(queryParameters(request.rawQueryString) ? { queryStringParameters: queryParameters(request.rawQueryString) } : {}),
    ...(route.pathParameters ? { pathParameters: route.pathParameters } : {}),
    requestContext: requestContext as APIGatewayProxyEventV2WithJWTAuthorizer['requestContext'],
    ...(hasBody ? { body: text ? request.body.toString('utf8') : request.body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !text,
  };
}

export interface HttpResult {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

/**
 * A structured result (with statusCode) is taken as it is; any other value is, as API Gateway treats it,
 * a 200 JSON response whose body is that value (a string as it is, anything else serialized).
 */
export function toHttpResult(result: APIGatewayProxyResultV2): HttpResult {
  if (result === null || typeof result !== 'object' || !('statusCode' in result) || result.statusCode === undefined) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
  }
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  return { status: result.statusCode, headers, body };
}

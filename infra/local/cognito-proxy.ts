/**
 * /cognito/* on the gateway: cognito-local behind the site's own origin, so the browser's Amplify talks to one
 * origin (Amplify posts the Cognito JSON API to `userPoolEndpoint` with an X-Amz-Target header).
 *
 * Refresh shim: Amplify 6 refreshes sessions with GetTokensFromRefreshToken, which cognito-local does not
 * implement; it knows the older InitiateAuth REFRESH_TOKEN_AUTH flow. We translate that one call and answer
 * in GetTokensFromRefreshToken's shape.
 *
 * Allow-list: cognito-local checks no AWS credentials, so every admin action (ListUsers, AdminSetUserPassword,
 * AdminUpdateUserAttributes, CreateUserPoolClient, DeleteUserPool...) would be open to anything that can
 * reach this origin. Only the calls a browser makes for itself pass: POST / with one of USER_ACTIONS (what
 * Amplify sends for sign-in, sign-up, confirmation, resending the code, password reset, refresh and sign-out,
 * plus GetUser for the caller's own attributes). Anything else is a 403 in Cognito's error shape. Seeding and
 * tests that need admin calls use cognito-local's own loopback endpoint, as an AWS SDK with credentials would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const REFRESH_TARGET = `${TARGET_PREFIX}GetTokensFromRefreshToken`;
const AMZ_JSON = 'application/x-amz-json-1.1';

/** The user-facing actions the web app's Amplify calls make; any other target is refused. */
export const USER_ACTIONS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
]);
/** Request headers not to forward: hop-by-hop, recomputed, or (accept-encoding) ones fetch handles itself. */
const DROPPED_REQUEST = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'accept-encoding', 'origin', 'referer']);
const DROPPED_RESPONSE = new Set(['x-powered-by', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'access-control-allow-origin']);

interface RefreshRequest {
  readonly RefreshToken?: unknown;
  readonly ClientId?: unknown;
  readonly ClientSecret?: unknown;
  readonly DeviceKey?: unknown;
  readonly ClientMetadata?: unknown;
}

interface InitiateAuthResult {
  readonly AuthenticationResult?: {
    readonly AccessToken?: string;
    readonly IdToken?: string;
    readonly RefreshToken?: string;
    readonly ExpiresIn?: number;
    readonly TokenType?: string;
  };
}

export interface UpstreamReply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

function sendReply(response: ServerResponse, reply: UpstreamReply, extraHeaders: Record<string, string>): void {
  response.writeHead(reply.status, { ...extraHeaders, ...reply.headers, 'content-length': reply.body.length });
  response.end(reply.body);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): UpstreamReply {
  return { status, headers: { 'content-type': AMZ_JSON, ...headers }, body: Buffer.from(JSON.stringify(body)) };
}

/** Why a request may not pass, or undefined when it is one of USER_ACTIONS. */
export function refusal(method: string | undefined, path: string, target: string | undefined): string | undefined {
  if (method !== 'POST' || (path !== '/' && path !== '')) {
    return 'The local Cognito endpoint takes only the JSON API (POST / with X-Amz-Target)';
  }
  const action = target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
  if (!action || !USER_ACTIONS.has(action)) {
    return `${action ?? target ?? 'This call'} is not available through the site: it accepts only sign-in, sign-up, confirmation, password reset, token refresh and sign-out calls (${[...USER_ACTIONS].join(', ')})`;
  }
  return undefined;
}

/** Seconds the access token is valid for, read from its own exp and iat. */
function expiresIn(accessToken: string | undefined): number | undefined {
  const payload = accessToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const { exp, iat } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: number; iat?: number };
    return typeof exp === 'number' && typeof iat === 'number' ? exp - iat : undefined;
  } catch {
    return undefined;
  }
}

async function forward(
  upstream: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<UpstreamReply> {
  const reply = await fetch(`${upstream}${path}`, { method, headers, body: body?.length ? new Uint8Array(body) : undefined });
  const replyHeaders: Record<string, string> = {};
  reply.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE.has(name)) replyHeaders[name] = value;
  });
  return { status: reply.status, headers: replyHeaders, body: Buffer.from(await reply.arrayBuffer()) };
}

/** GetTokensFromRefreshToken answered through cognito-local's InitiateAuth REFRESH_TOKEN_AUTH. */
export async function refreshThroughInitiateAuth(upstream: string, requestBody: Buffer): Promise<UpstreamReply> {
  let input: RefreshRequest;
  try {
    input = JSON.parse(requestBody.toString('utf8') || '{}') as RefreshRequest;
  } catch {
    return json(400, { __type: 'SerializationException', message: 'The request body is not valid JSON' });
  }
  if (typeof input.RefreshToken !== 'string' || typeof input.ClientId !== 'string') {
    return json(400, { __type: 'InvalidParameterException', message: 'RefreshToken and ClientId are required' });
  }
  const authParameters: Record<string, string> = { REFRESH_TOKEN: input.RefreshToken };
  if (typeof input.DeviceKey === 'string') authParameters.DEVICE_KEY = input.DeviceKey;
  const reply = await forward(
    upstream,
    'POST',
    '/',
    { 'content-type': AMZ_JSON, 'x-amz-target': `${TARGET_PREFIX}InitiateAuth` },
    Buffer.from(
      JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: authParameters,
        ...(input.ClientMetadata ? { ClientMetadata: input.ClientMetadata } : {}),
      }),
    ),
  );
  // Errors (NotAuthorizedException for a revoked or unknown refresh token, ...) already have Cognito's shape.
  if (reply.status !== 200) return reply;
  const result = (JSON.parse(reply.body.toString('utf8')) as InitiateAuthResult).AuthenticationResult ?? {};
  return json(200, {
    AuthenticationResult: {
      AccessToken: result.AccessToken,
      IdToken: result.IdToken,
      // Without rotation Cognito returns no new refresh token and the client keeps its own; we return it
      // explicitly so clients that expect one always get a usable token.
      RefreshToken: result.RefreshToken ?? input.RefreshToken,
      ExpiresIn: result.ExpiresIn ?? expiresIn(result.AccessToken) ?? 3600,
      TokenType: result.TokenType ?? 'Bearer',
    },
  });
}

export function createCognitoProxy(upstream: string) {
  return async function proxy(
    request: IncomingMessage,
    response: ServerResponse,
    /** Path after the /cognito prefix, with query string ('/' for the JSON API). */
    path: string,
    body: Buffer,
    extraHeaders: Record<string, string>,
  ): Promise<void> {
    const header = request.headers['x-amz-target'];
    const target = typeof header === 'string' ? header : undefined;
    const refused = refusal(request.method, path.split('?')[0] ?? path, target);
    if (refused) {
      const reply = json(403, { __type: 'AccessDeniedException', message: refused }, {
        'x-amzn-errortype': 'AccessDeniedException',
        'cache-control': 'no-store',
      });
      sendReply(response, reply, extraHeaders);
      return;
    }
    if (target === REFRESH_TARGET) {
      sendReply(response, await refreshThroughInitiateAuth(upstream, body), extraHeaders);
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || DROPPED_REQUEST.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    sendReply(response, await forward(upstream, request.method ?? 'GET', path || '/', headers, body), extraHeaders);
  };
}

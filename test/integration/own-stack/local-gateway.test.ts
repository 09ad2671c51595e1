/**
 * The local gateway behaves like CloudFront + API Gateway: it verifies tokens as the HTTP API JWT authorizer
 * does before any handler runs, applies the route table's throttles, builds v2 events, proxies Cognito's
 * user-facing actions (with the refresh shim), serves the SPA (404 for paths that are no page) and
 * /config.json, answers only loopback Host names, and its stack leaves no child process behind. This file
 * starts its own stack (free ports, a throwaway data folder and web build, the real throttle limits) so it
 * can watch handler invocations and stop the stack itself.
 */
import { createSign } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InitiateAuthCommand, ListUserPoolClientsCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_SIGNED_IN_LIMIT, ROUTES } from '#shared/routes';
import { RuntimeConfigSchema } from '#shared/runtime-config';
import type { LocalStack } from '../../../infra/local/stack.ts';
import { LOCAL_SITE_CONTACT } from '../../../infra/local/site-contact.ts';
import { memoryBackedTmp } from '../../support/memory-tmp.ts';
import { testRaceEvent } from '../../support/race-event.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>RaceFinder test build</title><meta name="description" content="A test build" /></head><body><div id="root"></div></body></html>';
const ASSET = 'assets/index-Dx3kq9Zb.js';
const ASSET_BODY = 'export const answer = 42;\n'.repeat(200);

let stack: LocalStack;
let workDir: string;
let savedEnv: NodeJS.ProcessEnv;
const invocations: { routeId: string; event: APIGatewayProxyEventV2WithJWTAuthorizer }[] = [];

function privateKeyPem(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('cognito-local/package.json'));
  return (JSON.parse(readFileSync(join(packageDir, 'lib', 'keys', 'cognitoLocal.private.json'), 'utf8')) as { pem: string }).pem;
}

/** A JWT signed with cognito-local's own key, so only the claims we choose can make it fail. */
function mint(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKeyPem()).toString('base64url');
  return `${unsigned}.${signature}`;
}

async function signIn(email: string, password: string) {
  const { AuthenticationResult } = await stack.cognito.client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!AuthenticationResult?.IdToken || !AuthenticationResult.RefreshToken) throw new Error('sign-in returned no tokens');
  return AuthenticationResult;
}

function demo(label: string) {
  const account = stack.demoAccounts.find((candidate) => candidate.label === label);
  if (!account) throw new Error(`no demo account ${label}`);
  return account;
}

/** Claims of a valid ID token for the organizer, to vary one at a time. */
async function organizerClaims(): Promise<Record<string, unknown>> {
  const { IdToken } = await signIn(demo('Organizer').email, stack.demoPassword);
  return JSON.parse(Buffer.from(IdToken!.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function getMe(token?: string) {
  return fetch(`${stack.url}/api/me`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

/** The addresses listening on a TCP port, from the kernel's own tables (Linux). */
function listeningAddresses(port: number): string[] {
  const LISTEN = '0A';
  const addresses: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [hex, portHex] = local!.split(':') as [string, string];
      if (state !== LISTEN || parseInt(portHex, 16) !== port) continue;
      // Each 32-bit word is in host (little-endian) byte order.
      const bytes = (hex.match(/.{8}/g) ?? []).flatMap((word) => (word.match(/../g) ?? []).reverse().map((byte) => parseInt(byte, 16)));
      if (bytes.length === 4) addresses.push(bytes.join('.'));
      else if (bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 255 && bytes[11] === 255) addresses.push(`::ffff:${bytes.slice(12).join('.')}`);
      else {
        const groups = Array.from({ length: 8 }, (_, index) => ((bytes[index * 2]! << 8) | bytes[index * 2 + 1]!).toString(16));
        addresses.push(groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::'));
      }
    }
  }
  return addresses;
}

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A request with exactly these headers (fetch would not let a test choose the Host header). */
function rawRequest(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: stack.port, path, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function cognitoCall(target: string, body: unknown) {
  return fetch(`${stack.url}/cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  savedEnv = { ...process.env };
  workDir = mkdtempSync(join(memoryBackedTmp(), 'racefinder-gateway-'));
  const webRoot = join(workDir, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  writeFileSync(join(webRoot, ASSET), ASSET_BODY);
  const { startLocalStack } = await import('../../../infra/local/stack.ts');
  stack = await startLocalStack({
    port: 0,
    dataDir: join(workDir, 'data'),
    fresh: true,
    seedEvents: 0,
    webRoot,
    logLevel: 'SILENT',
    printCodes: false,
    onInvoke: (routeId, event) => invocations.push({ routeId, event }),
  });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(workDir, { recursive: true, force: true });
  process.env = savedEnv;
});

describe('local gateway: API', () => {
  it('answers GET /api/health with 200 and the local version', async () => {
    const response = await fetch(`${stack.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'reachable', version: expect.stringMatching(/-local$/) });
  });

  it('rejects /api/me without a token with 401 and never calls the handler', async () => {
    invocations.length = 0;
    const response = await getMe();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    expect(invocations).toHaveLength(0);
  });

  it('rejects a token whose payload was tampered with', async () => {
    const { IdToken } = await signIn(demo('Athlete').email, stack.demoPassword);
    const [header, payload, signature] = IdToken!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, email: demo('Super admin').email })).toString('base64url');
    invocations.length = 0;
    const response = await getMe(`${header}.${forged}.${signature}`);
    expect(response.status).toBe(401);
    expect(invocations).toHaveLength(0);
  });

  it('rejects an expired token signed with the pool key, and accepts the same token unexpired', async () => {
    const claims = await organizerClaims();
    const now = Math.floor(Date.now() / 1000);
    const expired = await getMe(mint({ ...claims, iat: now - 7200, exp: now - 60 }));
    expect(expired.status).toBe(401);
    const fresh = await getMe(mint({ ...claims, iat: now, exp: now + 600 }));
    expect(fresh.status).toBe(200);
  });

  it('rejects a pool-signed token without an expiry, as API Gateway does, and never calls the handler', async () => {
    const { exp: _exp, ...claims } = await organizerClaims();
    invocations.length = 0;
    const response = await getMe(mint(claims));
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    expect(invocations).toHaveLength(0);
  });

  it('rejects a pool-signed token whose token_use is neither id nor access', async () => {
    const claims = await organizerClaims();
    const now = Math.floor(Date.now() / 1000);
    invocations.length = 0;
    for (const tokenUse of ['refresh', 'admin', undefined]) {
      const response = await getMe(mint({ ...claims, token_use: tokenUse, iat: now, exp: now + 600 }));
      expect(response.status, String(tokenUse)).toBe(401);
    }
    expect(invocations).toHaveLength(0);
  });

  it('accepts a real access token on every kind of signed-in route, the caller known from the profile', async () => {
    const organizer = demo('Organizer');
    const { AccessToken } = await signIn(organizer.email, stack.demoPassword);
    const claims = JSON.parse(Buffer.from(AccessToken!.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toMatchObject({ token_use: 'access', client_id: stack.cognito.clientId });
    expect(claims.email).toBeUndefined();
    const auth = { authorization: `Bearer ${AccessToken}` };
    const me = await getMe(AccessToken);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: organizer.email, role: 'organizer' });
    const update = await fetch(`${stack.url}/api/me`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'Boulder, CO' }),
    });
    expect(update.status).toBe(200);
    expect(await update.json()).toMatchObject({ email: organizer.email, location: 'Boulder, CO' });
    expect((await fetch(`${stack.url}/api/me/saved-events`, { headers: auth })).status).toBe(200);
    // An optional route verifies the token inside the Lambda: a known caller, then the event is simply missing.
    const event = await fetch(`${stack.url}/api/events/01J0000000000000000000000Z`, { headers: auth });
    expect(event.status).toBe(404);
  });

  it('rejects a token for another app client or from another issuer', async () => {
    const claims = await organizerClaims();
    expect((await getMe(mint({ ...claims, aud: 'another-app-client' }))).status).toBe(401);
    expect((await getMe(mint({ ...claims, iss: 'http://127.0.0.1:1/local_Other' }))).status).toBe(401);
  });

  it("returns a demo account's profile and role for its real ID token, with claims shaped as API Gateway passes them", async () => {
    const organizer = demo('Organizer');
    const { IdToken } = await signIn(organizer.email, stack.demoPassword);
    invocations.length = 0;
    const response = await getMe(IdToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      email: organizer.email,
      firstName: organizer.firstName,
      lastName: organizer.lastName,
      role: 'organizer',
    });
    expect(invocations).toHaveLength(1);
    const { event } = invocations[0]!;
    expect(event).toMatchObject({ version: '2.0', routeKey: 'GET /api/me', rawPath: '/api/me', isBase64Encoded: false });
    expect(event.requestContext).toMatchObject({ stage: '$default', routeKey: 'GET /api/me', http: { method: 'GET', path: '/api/me' } });
    const claims = event.requestContext.authorizer.jwt.claims;
    expect(claims.email).toBe(organizer.email);
    expect(claims.aud).toBe(stack.cognito.clientId);
    expect(claims.exp).toEqual(expect.stringMatching(/^\d+$/));
    expect(claims.email_verified).toBe('true');
    expect(event.headers.authorization).toBe(`Bearer ${IdToken}`);
  });

  it('passes query strings, cookies and JSON bodies to the handler as API Gateway does', async () => {
    const { IdToken } = await signIn(demo('Second athlete').email, stack.demoPassword);
    invocations.length = 0;
    const response = await fetch(`${stack.url}/api/me?a=1&a=2&b=x%20y`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${IdToken}`, 'content-type': 'application/json', cookie: 'one=1; two=2' },
      body: JSON.stringify({ location: 'Salt Lake City, UT' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ location: 'Salt Lake City, UT' });
    const { event } = invocations[0]!;
    expect(event.queryStringParameters).toEqual({ a: '1,2', b: 'x y' });
    expect(event.rawQueryString).toBe('a=1&a=2&b=x%20y');
    expect(event.cookies).toEqual(['one=1', 'two=2']);
    expect(event.headers.cookie).toBeUndefined();
    expect(event.body).toBe(JSON.stringify({ location: 'Salt Lake City, UT' }));
  });

  it('answers an unknown API path or method with 404 like API Gateway', async () => {
    const unknown = await fetch(`${stack.url}/api/no-such-route`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    expect((await fetch(`${stack.url}/api/me`, { method: 'PUT' })).status).toBe(404);
  });

  it('refuses a body over 1 MB with 413 without calling the handler', async () => {
    invocations.length = 0;
    const response = await fetch(`${stack.url}/api/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(invocations).toHaveLength(0);
  });
});

describe('local gateway: who it answers', () => {
  it('answers Host headers that name the loopback, with any port', async () => {
    for (const host of [`localhost:${stack.port}`, `127.0.0.1:${stack.port}`, `[::1]:${stack.port}`, 'LOCALHOST:3000', 'localhost']) {
      expect((await rawRequest('/api/health', { headers: { host } })).status, host).toBe(200);
    }
  });

  it.each(['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.nip.io', '192.168.1.20:3000', '0.0.0.0:3000'])(
    'refuses Host %s with 403 on every path (DNS rebinding), without calling a handler',
    async (host) => {
      invocations.length = 0;
      for (const path of ['/api/health', '/api/me', '/cognito/', '/config.json', '/', '/events']) {
        const response = await rawRequest(path, { headers: { host } });
        expect(response.status, `${host} ${path}`).toBe(403);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(JSON.parse(response.body)).toEqual({ message: expect.stringContaining('localhost') });
      }
      expect(invocations).toHaveLength(0);
    },
  );

  it('refuses a request without a Host header', async () => {
    const response = await new Promise<string>((resolve, reject) => {
      const socket = connect(stack.port, '127.0.0.1', () => socket.end('GET /api/health HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(response).toMatch(/^HTTP\/1\.[01] 403 /);
  });

  it('listens on the loopback only: the gateway, DynamoDB Local and cognito-local', () => {
    const ports = { gateway: stack.port, dynamodb: Number(new URL(stack.dynamoEndpoint).port), cognito: stack.cognito.port };
    for (const [name, port] of Object.entries(ports)) {
      const addresses = listeningAddresses(port);
      expect(addresses.length, name).toBeGreaterThan(0);
      for (const address of addresses) expect(address, name).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    }
  });
});

describe('local gateway: Cognito proxy', () => {
  it.each(['ListUsers', 'AdminSetUserPassword', 'CreateUserPoolClient', 'AdminCreateUser', 'AdminUpdateUserAttributes', 'DeleteUserPool', 'AdminInitiateAuth'])(
    'refuses the admin action %s with 403 and a JSON message',
    async (action) => {
      const response = await cognitoCall(action, { UserPoolId: stack.cognito.userPoolId });
      expect(response.status).toBe(403);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ __type: 'AccessDeniedException', message: expect.stringContaining(`${action} is not available`) });
    },
  );

  it('does not carry out a refused admin call', async () => {
    const athlete = demo('Athlete');
    const clientsBefore = await stack.cognito.client.send(new ListUserPoolClientsCommand({ UserPoolId: stack.cognito.userPoolId }));
    const reset = await cognitoCall('AdminSetUserPassword', {
      UserPoolId: stack.cognito.userPoolId,
      Username: athlete.email,
      Password: 'Taken-over-2025',
      Permanent: true,
    });
    expect(reset.status).toBe(403);
    const created = await cognitoCall('CreateUserPoolClient', { UserPoolId: stack.cognito.userPoolId, ClientName: 'intruder' });
    expect(created.status).toBe(403);
    await expect(signIn(athlete.email, stack.demoPassword)).resolves.toMatchObject({ IdToken: expect.any(String) });
    const clientsAfter = await stack.cognito.client.send(new ListUserPoolClientsCommand({ UserPoolId: stack.cognito.userPoolId }));
    expect(clientsAfter.UserPoolClients).toHaveLength(clientsBefore.UserPoolClients!.length);
  });

  it('refuses anything but the JSON API, and a call without a target', async () => {
    expect((await fetch(`${stack.url}/cognito/health`)).status).toBe(403);
    expect((await fetch(`${stack.url}/cognito/${stack.cognito.userPoolId}/.well-known/jwks.json`)).status).toBe(403);
    const untargeted = await fetch(`${stack.url}/cognito/`, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1' }, body: '{}' });
    expect(untargeted.status).toBe(403);
  });

  it('passes the sign-in the web app makes', async () => {
    const response = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.cognito.clientId,
      AuthParameters: { USERNAME: demo('Athlete').email, PASSWORD: stack.demoPassword },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ AuthenticationResult: { IdToken: expect.any(String) } });
  });

  it('answers GetTokensFromRefreshToken through the refresh shim with tokens the API accepts', async () => {
    const { RefreshToken } = await signIn(demo('Admin').email, stack.demoPassword);
    const response = await cognitoCall('GetTokensFromRefreshToken', { ClientId: stack.cognito.clientId, RefreshToken });
    expect(response.status).toBe(200);
    const { AuthenticationResult } = (await response.json()) as {
      AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string; ExpiresIn: number; TokenType: string };
    };
    expect(AuthenticationResult).toMatchObject({ RefreshToken, ExpiresIn: 3600, TokenType: 'Bearer' });
    expect(AuthenticationResult.AccessToken).toBeTruthy();
    const me = await getMe(AuthenticationResult.IdToken);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ role: 'admin' });
  });

  it('answers an unknown refresh token with NotAuthorizedException', async () => {
    const response = await cognitoCall('GetTokensFromRefreshToken', { ClientId: stack.cognito.clientId, RefreshToken: 'not-a-token' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ __type: 'NotAuthorizedException' });
  });

  it('gives a confirmed sign-up its profile and names through the real post-confirmation trigger', async () => {
    const email = 'new.runner@demo.racefinder.test';
    const password = 'Marathon-2025';
    const signUp = await cognitoCall('SignUp', {
      ClientId: stack.cognito.clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'family_name', Value: 'Lovelace' },
      ],
    });
    expect(signUp.status).toBe(200);
    const code = stack.cognito.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await cognitoCall('ConfirmSignUp', { ClientId: stack.cognito.clientId, Username: email, ConfirmationCode: code });
    expect(confirm.status).toBe(200);
    const { IdToken } = await signIn(email, password);
    const me = await getMe(IdToken);
    expect(await me.json()).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', role: 'athlete' });
  });
});

describe('local gateway: site', () => {
  it('answers the pages of the app as the page function does: an event rendered, others as the app with a link preview, with the security headers', async () => {
    // Imported once the stack has set the handlers' environment, which the table client reads on import.
    const { createEvent } = await import('#data/event');
    const event = await createEvent(testRaceEvent({ title: 'Gateway Page Marathon', eventDate: '2099-05-01', verified: true }));
    const response = await fetch(`${stack.url}/events/${event.id}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const page = await response.text();
    expect(page).toContain('<title>Gateway Page Marathon · RaceFinder</title>');
    expect(page).toMatch(/<h1[^>]*>Gateway Page Marathon<\/h1>/);
    // Canonical and preview addresses are the one the browser used.
    expect(page).toContain(`<link rel="canonical" href="${stack.url}/events/${event.id}" />`);
    // Its preview card, as the card function answers it: a PNG, sent as it is and kept as long as the function says.
    const cardUrl = /<meta property="og:image" content="([^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&');
    expect(cardUrl.startsWith(`${stack.url}/cards/events/${event.id}.png?v=`)).toBe(true);
    const card = await fetch(cardUrl, { headers: { 'accept-encoding': 'br' } });
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(card.headers.get('content-encoding')).toBeNull();
    expect(card.headers.get('cache-control')).toMatch(/s-maxage=31536000/);
    expect(Buffer.from(await card.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    const moved = await fetch(`${stack.url}/cards/events/${event.id}.png?v=old`, { redirect: 'manual' });
    expect(moved.status).toBe(302);
    expect(new URL(moved.headers.get('location')!, stack.url).href).toBe(cardUrl);
    const about = await (await fetch(`${stack.url}/about`)).text();
    expect(about).toContain('<meta property="og:image" content="' + stack.url + '/social-card.jpg" />');
    expect(about).toContain('<div id="root"></div>');
    const robots = await fetch(`${stack.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain(`Sitemap: ${stack.url}/sitemap.xml`);
  });

  it('answers a path that is no page with 404, never stored, and the same index.html so the app shows its 404 page', async () => {
    for (const path of ['/some/page', '/events/01J0000000000000000000000Z/more', '/wp-login', '/eventsx']) {
      const response = await fetch(`${stack.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('etag')).toBeNull();
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await response.text()).toBe(INDEX_HTML);
    }
    for (const path of ['/', '/events', '/events/', '/auth', '/admin/users', '/about']) {
      expect((await fetch(`${stack.url}${path}`)).status, path).toBe(200);
    }
  });

  it('answers the page of an event the API does not show (unknown, malformed or unverified id) with 404 and the app, which shows "Event not found"', async () => {
    const { createEvent } = await import('#data/event');
    const hidden = await createEvent(testRaceEvent({ title: 'Gateway Hidden 10K', eventDate: '2099-05-02', verified: false }));
    for (const id of ['01J0000000000000000000000Z', 'not-an-id', hidden.id]) {
      const response = await fetch(`${stack.url}/events/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('cache-control'), id).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(INDEX_HTML);
    }
    // The API agrees: the page's status is the event route's own answer to a visitor.
    expect((await fetch(`${stack.url}/api/events/01J0000000000000000000000Z`)).status).toBe(404);
    // Its edit page is the organizer's (signed in, which a page request does not show): the app decides there.
    expect((await fetch(`${stack.url}/events/01J0000000000000000000000Z/edit`)).status).toBe(200);
  });

  it('serves hashed assets compressed and cached for a year, and a missing asset as 404', async () => {
    const response = await fetch(`${stack.url}/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe(ASSET_BODY);
    expect((await fetch(`${stack.url}/assets/index-missing.js`)).status).toBe(404);
  });

  it('serves /config.json as a valid RuntimeConfig for this origin, never cached', async () => {
    const response = await fetch(`${stack.url}/config.json`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = RuntimeConfigSchema.parse(await response.json());
    expect(config).toMatchObject({
      environment: 'local',
      region: 'us-east-1',
      userPoolId: stack.cognito.userPoolId,
      userPoolClientId: stack.cognito.clientId,
      userPoolEndpoint: `${stack.url}/cognito/`,
      googleSignIn: false,
      siteUrl: stack.url,
    });
    // The footer's contact block: the local stand-in's example details, nobody's real ones.
    expect(config.contact).toEqual(LOCAL_SITE_CONTACT);
    expect(config.contact?.email).toMatch(/\.example$/);
  });
});

describe('local gateway: throttles and failures', () => {
  it("answers 429 past an open route's burst, one bucket for every caller, at the route table's own limits", async () => {
    const route = ROUTES.sendContactMessage;
    const limits = route.throttle!;
    invocations.length = 0;
    const started = performance.now();
    // An empty body is refused by the handler (400), so the burst that passes writes nothing.
    const responses = await Promise.all(
      Array.from({ length: limits.burst * 3 }, () => fetch(`${stack.url}${route.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })),
    );
    const seconds = (performance.now() - started) / 1000;
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(limits.burst + Math.ceil(limits.rate * seconds));
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    const throttled = responses.filter((response) => response.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    for (const response of throttled) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ message: 'Too Many Requests' });
    }
    expect(invocations.length).toBe(statuses.filter((status) => status === 400).length);
    // Other routes have buckets of their own.
    expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
  });

  it("gives each signed-in user a signed-in route's bucket of their own", async () => {
    const limits = ROUTES.updateMe.throttle!;
    const [athlete, organizer] = await Promise.all([signIn(demo('Athlete').email, stack.demoPassword), signIn(demo('Organizer').email, stack.demoPassword)]);
    const patchMe = (token: string) =>
      fetch(`${stack.url}/api/me`, { method: 'PATCH', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    const athleteStatuses = await Promise.all(Array.from({ length: limits.burst * 3 }, () => patchMe(athlete.IdToken!).then((response) => response.status)));
    expect(athleteStatuses).toContain(429);
    expect(athleteStatuses.filter((status) => status !== 429).length).toBeGreaterThanOrEqual(limits.burst);
    // The athlete has emptied their own bucket, not the organizer's.
    expect((await patchMe(organizer.IdToken!)).status).not.toBe(429);
  });

  it('answers requests without a valid token to signed-in routes 429 past the per-IP limit, never calling a handler', async () => {
    invocations.length = 0;
    const statuses = await Promise.all(
      Array.from({ length: ANONYMOUS_SIGNED_IN_LIMIT.requests * 2 }, (_, index) => getMe(index % 2 ? undefined : 'not-a-token').then((response) => response.status)),
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // The limit's whole window at once, and what refilled meanwhile (about one a second).
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(ANONYMOUS_SIGNED_IN_LIMIT.requests + 5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(ANONYMOUS_SIGNED_IN_LIMIT.requests - 5);
    expect(invocations).toHaveLength(0);
  });

  it('keeps a signed-in user at 95% or more of their calls answered while requests without a token flood the same route', async () => {
    const { IdToken } = await signIn(demo('Athlete').email, stack.demoPassword);
    let flooding = true;
    const flood = { sent: 0, throttled: 0 };
    // Ten connections sending GET /api/me without a token as fast as the gateway answers, as the probe did.
    const flooders = Array.from({ length: 10 }, async () => {
      while (flooding) {
        const response = await getMe();
        await response.arrayBuffer();
        flood.sent += 1;
        if (response.status === 429) flood.throttled += 1;
      }
    });
    const statuses: number[] = [];
    try {
      // The user's page calls, a few a second for three seconds, well within their own limit.
      for (let call = 0; call < 30; call += 1) {
        const response = await getMe(IdToken);
        await response.arrayBuffer();
        statuses.push(response.status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      flooding = false;
      await Promise.all(flooders);
    }
    const answered = statuses.filter((status) => status === 200).length;
    expect(flood.sent).toBeGreaterThan(statuses.length * 3);
    expect(flood.throttled).toBeGreaterThan(flood.sent / 2);
    expect(answered / statuses.length).toBeGreaterThanOrEqual(0.95);
  });

  it('logs one line, no stack, for a client that hangs up in the middle of its request body', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(stack.port, '127.0.0.1', () => {
          socket.write(
            `PATCH /api/me HTTP/1.1\r\nHost: localhost:${stack.port}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"location":"`,
            () => setTimeout(() => (socket.destroy(), resolve()), 50),
          );
        });
        socket.on('error', reject);
      });
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1), { timeout: 5000 });
      const line = String(warn.mock.calls[0]![0]);
      expect(line).toContain('PATCH /api/me');
      expect(line).not.toContain('\n');
      expect(warn.mock.calls[0]).toHaveLength(1);
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

describe('local stack shutdown', () => {
  it('leaves no DynamoDB Local (java) or cognito-local process and no listening port after stop()', async () => {
    const { dynamodb, cognito } = stack.pids;
    expect(dynamodb).toBeGreaterThan(0);
    expect(cognito).toBeGreaterThan(0);
    await stack.stop();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(dynamodb!)).toBe(false);
    expect(alive(cognito!)).toBe(false);
    await expect(fetch(`${stack.url}/api/health`)).rejects.toThrow();
    await expect(fetch(stack.dynamoEndpoint)).rejects.toThrow();
  });
});

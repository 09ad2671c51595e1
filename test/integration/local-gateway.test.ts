/**
 * The local gateway behaves like CloudFront + API Gateway: it verifies tokens as the HTTP API JWT authorizer
 * does before any handler runs, builds v2 events, proxies Cognito (with the refresh shim), serves the SPA and
 * /config.json, and its stack leaves no child process behind. This file starts its own stack (free ports, a
 * throwaway data folder and web build) so it can watch handler invocations and stop the stack itself.
 */
import { createSign } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfigSchema } from '#shared/runtime-config';
import type { LocalStack } from '../../infra/local/stack.ts';

const INDEX_HTML = '<!doctype html><html><head><title>RaceFinder test build</title></head><body><div id="root"></div></body></html>';
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

function cognitoCall(target: string, body: unknown) {
  return fetch(`${stack.url}/cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  savedEnv = { ...process.env };
  workDir = mkdtempSync(join(tmpdir(), 'racefinder-gateway-'));
  const webRoot = join(workDir, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  writeFileSync(join(webRoot, ASSET), ASSET_BODY);
  const { startLocalStack } = await import('../../infra/local/stack.ts');
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
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    expect((await fetch(`${stack.url}/api/me`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a body over 1 MB with 413 without calling the handler', async () => {
    invocations.length = 0;
    const response = await fetch(`${stack.url}/api/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(invocations).toHaveLength(0);
  });
});

describe('local gateway: Cognito proxy', () => {
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
  it('serves index.html for any other path (SPA fallback) with the security headers', async () => {
    const response = await fetch(`${stack.url}/some/page`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await response.text()).toBe(INDEX_HTML);
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

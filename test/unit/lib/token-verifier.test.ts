import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Jwk } from 'aws-jwt-verify/jwk';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { RouteDefinition } from '#shared/routes';
import { HttpError } from '#lib/errors';
import { createHandler } from '#handler';
import { bearerToken, createTokenVerifier, tokenVerifierConfig, type TokenVerifierConfig } from '#lib/token-verifier';
import { apiEvent } from '../../support/api-event.ts';

const CONFIG: TokenVerifierConfig = {
  issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TestPool',
  jwksUri: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TestPool/.well-known/jwks.json',
  clientId: 'web-client',
};

interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly jwk: Jwk;
}

function signingKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as Jwk), kid, alg: 'RS256', use: 'sig' } as Jwk;
  return { kid, privateKey, jwk };
}

const poolKey = signingKey('pool-key');
const strangerKey = signingKey('stranger-key');

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A token as Cognito issues it, signed with `key` (the pool's unless a test says otherwise). */
function token(claims: Record<string, unknown> = {}, key: SigningKey = poolKey, kid = key.kid): string {
  const header = base64url({ alg: 'RS256', kid, typ: 'JWT' });
  const payload = base64url({
    sub: 'sub-athlete',
    email: 'athlete@racefinder.test',
    email_verified: true,
    'cognito:groups': ['a', 'b'],
    iss: CONFIG.issuer,
    aud: CONFIG.clientId,
    token_use: 'id',
    iat: now() - 60,
    exp: now() + 3600,
    ...claims,
  });
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), key.privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

const verifier = createTokenVerifier(CONFIG, { jwks: { keys: [poolKey.jwk] } });

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('token verifier configuration', () => {
  it('derives the issuer and JWKS of a Cognito user pool from the pool id in AWS', () => {
    expect(tokenVerifierConfig({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123', COGNITO_CLIENT_ID: 'client', AWS_REGION: 'us-east-1' })).toEqual({
      issuer: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123',
      jwksUri: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123/.well-known/jwks.json',
      clientId: 'client',
    });
  });

  it("takes cognito-local's explicit issuer and JWKS URI when they are set", () => {
    expect(
      tokenVerifierConfig({
        COGNITO_USER_POOL_ID: 'local_pool',
        COGNITO_CLIENT_ID: 'client',
        COGNITO_ISSUER: 'http://127.0.0.1:9229/local_pool/',
        COGNITO_JWKS_URI: 'http://127.0.0.1:9229/local_pool/.well-known/jwks.json',
      }),
    ).toEqual({
      issuer: 'http://127.0.0.1:9229/local_pool',
      jwksUri: 'http://127.0.0.1:9229/local_pool/.well-known/jwks.json',
      clientId: 'client',
    });
  });

  it('fails without the client id, or without both a pool id and an issuer', () => {
    expect(() => tokenVerifierConfig({ COGNITO_USER_POOL_ID: 'us-east-1_x' })).toThrow('COGNITO_CLIENT_ID');
    expect(() => tokenVerifierConfig({ COGNITO_CLIENT_ID: 'client' })).toThrow('COGNITO_USER_POOL_ID');
  });
});

describe('token verifier', () => {
  it("accepts an ID token of the pool for the web client and hands its claims on as the authorizer does", async () => {
    const claims = await verifier.verify(token());
    expect(claims).toMatchObject({
      sub: 'sub-athlete',
      email: 'athlete@racefinder.test',
      email_verified: 'true',
      'cognito:groups': '[a b]',
      aud: 'web-client',
    });
    expect(typeof claims.exp).toBe('string');
  });

  it('accepts an access token whose client_id is the web client, as API Gateway does', async () => {
    const claims = await verifier.verify(token({ aud: undefined, client_id: 'web-client', token_use: 'access' }));
    expect(claims.client_id).toBe('web-client');
  });

  it.each([
    ['an expired token', () => token({ exp: now() - 10 })],
    ['a token without an expiry', () => token({ exp: undefined })],
    ['a token without token_use', () => token({ token_use: undefined })],
    ['a token whose token_use is neither id nor access', () => token({ token_use: 'refresh' })],
    ['a token for another app client', () => token({ aud: 'other-client' })],
    ['an access token of another client', () => token({ aud: undefined, client_id: 'other-client' })],
    ['a token from another issuer', () => token({ iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' })],
    ['a token signed by a stranger under the pool key id', () => token({}, strangerKey, poolKey.kid)],
    ['a token whose signature was cut off', () => token().split('.').slice(0, 2).join('.') + '.'],
    ['a token with an edited payload', () => {
      const [header, , signature] = token().split('.');
      return `${header}.${base64url({ sub: 'someone-else', iss: CONFIG.issuer, aud: CONFIG.clientId, exp: now() + 60 })}.${signature}`;
    }],
    ['something that is not a JWT', () => 'not-a-jwt'],
  ])('rejects %s with 401', async (_name, make) => {
    expect(await statusOf(verifier.verify(make()))).toBe(401);
  });

  it("fetches cognito-local's JWKS over plain http once, and keeps it for later tokens", async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [poolKey.jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const local = createTokenVerifier({ ...CONFIG, jwksUri: `http://127.0.0.1:${port}/pool/.well-known/jwks.json` });
      await expect(local.verify(token())).resolves.toMatchObject({ sub: 'sub-athlete' });
      await expect(local.verify(token({ sub: 'sub-other' }))).resolves.toMatchObject({ sub: 'sub-other' });
      expect(requests).toBe(1);
    } finally {
      server.close();
    }
  });

  it('answers 503, not 401, when the JWKS cannot be fetched: the token may well be fine', async () => {
    const unreachable = createTokenVerifier({ ...CONFIG, jwksUri: 'http://127.0.0.1:9/jwks.json' });
    expect(await statusOf(unreachable.verify(token()))).toBe(503);
  });

  it('reads the bearer token from the Authorization header in any case, with or without the prefix', () => {
    expect(bearerToken({ authorization: 'Bearer abc.def.ghi' })).toBe('abc.def.ghi');
    expect(bearerToken({ Authorization: 'bearer  abc' })).toBe('abc');
    expect(bearerToken({ authorization: 'abc' })).toBe('abc');
    expect(bearerToken({ authorization: '  ' })).toBeUndefined();
    expect(bearerToken({})).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('the http wrapper on a route with optional sign-in', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const optional: RouteDefinition = {
    id: 'test',
    method: 'GET',
    path: '/api/things/{id}',
    access: 'optional',
    data: 'read',
    handler: 'test/thing',
    request: { path: z.object({ id: z.string() }) },
    response: z.object({ viewer: z.string() }),
    cacheControl: 'public, max-age=60',
    summary: 'test route',
  };
  const run = vi.fn(async ({ caller }: { caller?: { sub: string; profile: { role: string } } }) => ({
    viewer: caller ? `${caller.sub}:${caller.profile.role}` : 'anonymous',
  }));
  const handler = createHandler(optional, run as never, { tokenVerifier: verifier });

  async function call(headers: Record<string, string>) {
    const event = apiEvent({ pathParameters: { id: '1' } });
    event.headers = headers;
    // No authorizer runs in front of optional routes.
    delete (event.requestContext as { authorizer?: unknown }).authorizer;
    const result = (await handler(event)) as APIGatewayProxyStructuredResultV2;
    return { status: result.statusCode, headers: result.headers ?? {}, body: result.body ? JSON.parse(result.body) : undefined };
  }

  beforeEach(() => {
    dynamo.reset();
    run.mockClear();
    dynamo.on(GetCommand).resolves({
      Item: { PK: 'USER#sub-athlete', SK: 'PROFILE', id: 'sub-athlete', email: 'athlete@racefinder.test', role: 'organizer', createdAt: '2026-01-01T00:00:00.000Z' },
    });
  });

  it('serves a visitor without a token anonymously, with the route\'s public cache policy', async () => {
    const response = await call({});
    expect(response).toMatchObject({ status: 200, body: { viewer: 'anonymous' } });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.vary).toBe('Authorization');
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('knows a caller with a valid token, takes the role from the profile and never caches the answer publicly', async () => {
    const response = await call({ authorization: `Bearer ${token()}` });
    expect(response).toMatchObject({ status: 200, body: { viewer: 'sub-athlete:organizer' } });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual({ PK: 'USER#sub-athlete', SK: 'PROFILE' });
  });

  it('serves a first-time caller with the profile they would get, and writes nothing: the route only reads', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    const response = await call({ authorization: `Bearer ${token({ sub: 'sub-new', email: 'new@racefinder.test' })}` });
    expect(response).toMatchObject({ status: 200, body: { viewer: 'sub-new:athlete' } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it.each([
    ['an expired token', () => token({ exp: now() - 10 })],
    ['a token without an expiry', () => token({ exp: undefined })],
    ['a token without token_use', () => token({ token_use: undefined })],
    ['a token whose token_use is neither id nor access', () => token({ token_use: 'refresh' })],
    ['a token for another client', () => token({ aud: 'other-client' })],
    ['a forged token', () => token({}, strangerKey, poolKey.kid)],
  ])('answers 401 to %s instead of serving it anonymously, before running the route', async (_name, make) => {
    const response = await call({ authorization: `Bearer ${make()}` });
    expect(response.status).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(run).not.toHaveBeenCalled();
  });

  it('answers 401 to a valid token without the e-mail claim the caller needs when no profile holds one', async () => {
    dynamo.on(GetCommand).resolves({});
    const response = await call({ authorization: `Bearer ${token({ email: undefined })}` });
    expect(response.status).toBe(401);
    expect(run).not.toHaveBeenCalled();
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it("knows the caller of an access token (no e-mail claim) from the profile, so access tokens work wherever ID tokens do", async () => {
    const accessToken = token({ email: undefined, aud: undefined, client_id: CONFIG.clientId, token_use: 'access', scope: 'aws.cognito.signin.user.admin' });
    const response = await call({ authorization: `Bearer ${accessToken}` });
    expect(response).toMatchObject({ status: 200, body: { viewer: 'sub-athlete:organizer' } });
  });

  it('fails when the handler module loads, not mid-request, when the verifier is not configured', () => {
    const env = { ...process.env };
    for (const name of ['COGNITO_CLIENT_ID', 'COGNITO_USER_POOL_ID', 'COGNITO_ISSUER']) delete process.env[name];
    try {
      expect(() => createHandler(optional, run as never)).toThrow('Missing required environment variable COGNITO_CLIENT_ID');
      // Routes that are not optional need no verifier and no Cognito configuration.
      expect(() => createHandler({ ...optional, access: 'public' }, run as never)).not.toThrow();
    } finally {
      process.env = env;
    }
  });
});

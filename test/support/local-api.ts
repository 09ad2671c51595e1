import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import type { LocalStackInfo } from './local-stack-info.ts';

let ownStack: LocalStackInfo | undefined;

/** Points these helpers at a stack the file started itself (test/support/own-stack.ts) instead of the shared one. */
export function useOwnStack(info: LocalStackInfo): void {
  ownStack = info;
}

/** The stack these helpers call: the file's own, else the one the integration project shares. */
export function localStack(): LocalStackInfo {
  return ownStack ?? inject('localStack');
}

let cognitoClient: CognitoIdentityProviderClient | undefined;
export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({
    endpoint: localStack().cognitoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return cognitoClient;
}

/** The demo account seeded under a label ('Athlete', 'Second athlete', 'Organizer', 'Admin', 'Super admin'). */
export function account(label: string) {
  const found = localStack().accounts.find((candidate) => candidate.label === label);
  if (!found) throw new Error(`No demo account labelled ${label}: ${localStack().accounts.map((a) => a.label).join(', ')}`);
  return found;
}

const tokens = new Map<string, Promise<string>>();

/** A real ID token from cognito-local, the one the web app sends. Cached per e-mail. */
export function idTokenFor(email: string, password: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = cognito()
      .send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: localStack().clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      )
      .then((result) => {
        const idToken = result.AuthenticationResult?.IdToken;
        if (!idToken) throw new Error(`No ID token for ${email}`);
        return idToken;
      });
    tokens.set(email, token);
  }
  return token;
}

let userCount = 0;

/** Creates a brand-new confirmed Cognito user (no profile yet) and returns its e-mail and ID token. */
export async function newUser(prefix = 'user', exactEmail?: string): Promise<{ email: string; token: string }> {
  userCount += 1;
  const email = exactEmail ?? `${prefix}-${process.pid}-${Date.now()}-${userCount}@racefinder.test`;
  const password = 'Test-password-1!';
  const { userPoolId } = localStack();
  await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'New' },
        { Name: 'family_name', Value: 'Runner' },
      ],
    }),
  );
  await cognito().send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
  );
  return { email, token: await idTokenFor(email, password) };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface ApiRequest {
  token?: string;
  body?: unknown;
  /** Sent as is, for malformed-body tests. */
  rawBody?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Calls the local gateway over HTTP, as the browser does. */
export async function api(method: string, path: string, request: ApiRequest = {}): Promise<ApiResponse> {
  const url = new URL(path, localStack().url);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      ...request.headers,
    },
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** A new user who has called GET /api/me once (so their profile exists): their token, e-mail and id. */
export interface Person {
  readonly token: string;
  readonly email: string;
  readonly sub: string;
}

export async function newPerson(prefix: string): Promise<Person> {
  const { token, email } = await newUser(prefix);
  const me = await api('GET', '/api/me', { token });
  if (me.status !== 200) throw new Error(`GET /api/me answered ${me.status} for a new user: ${JSON.stringify(me.body)}`);
  return { token, email, sub: (me.body as { id: string }).id };
}

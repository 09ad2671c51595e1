import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { DataAccess } from '#shared/routes/define';
import type { Profile } from '#shared/schemas/profile';
import { UnauthorizedError } from './errors.ts';

/** The signed-in caller: verified token claims joined with the profile, whose role is the one that counts. */
export interface Caller {
  readonly sub: string;
  readonly email: string;
  readonly profile: Profile;
  /** The user pool's name for the user (`cognito:username` or `username`): a federated user's is not their sub. */
  readonly username?: string;
}

/** Who the verified claims say the caller is; what a first profile is made from. */
export interface Identity {
  readonly sub: string;
  readonly email: string;
  readonly firstName?: string;
  readonly lastName?: string;
}

/**
 * Where callers' profiles come from. The wrapper needs one but lib imports no entity module, so the profile
 * entity (lambdas/data/profile.ts) provides it and lambdas/handler.ts hands it to the wrapper.
 */
export interface ProfileSource {
  /** The stored profile, if there is one. */
  find(sub: string): Promise<Profile | undefined>;
  /** Stores the profile of a first sign-in unless it exists (a race with another request is fine); the stored one. */
  create(identity: Identity): Promise<Profile>;
  /** The profile a first sign-in would get, stored nowhere: what a route that may only read answers with. */
  draft(identity: Identity): Profile;
}

type Claims = Readonly<Record<string, string | number | boolean | string[]>>;

export function claimsOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): Claims | undefined {
  return event.requestContext.authorizer?.jwt?.claims as Claims | undefined;
}

function text(claims: Claims, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Resolves the caller from verified claims: API Gateway's JWT authorizer in AWS and the local gateway's
 * verifier locally, or, on optional routes, the wrapper's own check (token-verifier.ts), since no authorizer
 * stands in front of them. The role comes from the profile item, not the token, so a role change takes
 * effect on the next request. A profile the sign-up trigger did not create (a user an administrator made)
 * is created here on a route that may write; a route that only reads (`data: 'read'`, whose function has no
 * write grant) never writes, and uses the profile the user would get, until a writing route stores it.
 */
export async function resolveCallerFromClaims(claims: Claims | undefined, profiles: ProfileSource, data: DataAccess): Promise<Caller> {
  const sub = claims && text(claims, 'sub');
  if (!claims || !sub) throw new UnauthorizedError();
  const email = text(claims, 'email');
  const username = text(claims, 'cognito:username') ?? text(claims, 'username');
  const named = username ? { username } : {};
  const existing = await profiles.find(sub);
  // An access token has no e-mail claim: the profile, which every confirmed sign-up gets, has it.
  if (existing) return { sub, email: email ?? existing.email, profile: existing, ...named };
  if (!email) throw new UnauthorizedError();
  const identity: Identity = { sub, email, firstName: text(claims, 'given_name'), lastName: text(claims, 'family_name') };
  const profile = data === 'read-write' ? await profiles.create(identity) : profiles.draft(identity);
  return { sub, email, profile, ...named };
}

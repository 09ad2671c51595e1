import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { Profile } from '#shared/schemas/profile';
import { UnauthorizedError } from './errors.ts';
import { createProfileIfMissing, getProfile } from '../users/profile-store.ts';
import { initialRoleFor } from '../users/initial-role.ts';

/** The signed-in caller: verified token claims joined with the profile, whose role is the one that counts. */
export interface Caller {
  readonly sub: string;
  readonly email: string;
  readonly profile: Profile;
}

type Claims = Readonly<Record<string, string | number | boolean | string[]>>;

function claimsOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): Claims | undefined {
  return event.requestContext.authorizer?.jwt?.claims as Claims | undefined;
}

function text(claims: Claims, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Resolves the caller from claims the authorizer already verified (API Gateway's JWT authorizer in AWS,
 * the local gateway's verifier locally). The role comes from the profile item, not the token, so a role
 * change takes effect on the next request. A profile the sign-up trigger did not create is created here.
 */
export async function resolveCaller(event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<Caller> {
  return resolveCallerFromClaims(claimsOf(event));
}

/**
 * The caller behind claims verified some other way: on optional routes the wrapper verifies the token itself
 * (token-verifier.ts), since no authorizer stands in front of them.
 */
export async function resolveCallerFromClaims(claims: Claims | undefined): Promise<Caller> {
  const sub = claims && text(claims, 'sub');
  if (!claims || !sub) throw new UnauthorizedError();
  const email = text(claims, 'email');
  const existing = await getProfile(sub);
  // An access token has no e-mail claim: the profile, which every confirmed sign-up gets, has it.
  if (existing) return { sub, email: email ?? existing.email, profile: existing };
  if (!email) throw new UnauthorizedError();
  const profile = await createProfileIfMissing({
    id: sub,
    email,
    firstName: text(claims, 'given_name'),
    lastName: text(claims, 'family_name'),
    role: initialRoleFor(email),
  });
  return { sub, email, profile };
}

/**
 * The local twin of the HTTP API JWT authorizer: it accepts a request only with a token whose RS256 signature
 * matches a key of the issuer's JWKS, whose `iss` is the user pool, whose audience is the app client and which
 * has not expired, and passes the claims on the way API Gateway does, every value as a string. The rules are
 * the ones routes with optional sign-in apply inside the Lambda (lambdas/lib/token-verifier.ts), so both
 * places verify with that one module.
 */
import { bearerToken, createTokenVerifier, type TokenVerifierConfig, type VerifiedClaims } from '../../lambdas/lib/token-verifier.ts';

export interface Authorization {
  readonly claims: VerifiedClaims;
  readonly scopes: string[] | null;
}

export type AuthorizationResult =
  | { readonly ok: true; readonly authorization: Authorization }
  | { readonly ok: false; readonly reason: string };

export interface JwtAuthorizer {
  authorize(authorizationHeader: string | undefined): Promise<AuthorizationResult>;
}

export function createJwtAuthorizer(config: TokenVerifierConfig): JwtAuthorizer {
  const verifier = createTokenVerifier(config);
  return {
    async authorize(header) {
      const token = bearerToken({ authorization: header });
      if (!token) return { ok: false, reason: 'no token' };
      try {
        const claims = await verifier.verify(token);
        return { ok: true, authorization: { claims, scopes: claims.scope ? claims.scope.split(' ') : null } };
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

/**
 * Verifies a Cognito token inside a Lambda, for routes whose access is 'optional' (shared/roles.ts): they
 * have no JWT authorizer in front of them, because a visitor without a token must get through, so a token
 * that is sent is checked here with exactly the authorizer's rules: RS256 signature against the pool's JWKS,
 * `iss` the user pool, audience the web app client (`aud` on ID tokens, `client_id` on access tokens, as API
 * Gateway accepts either), an `exp` that has not passed (a token without one is refused, as API Gateway
 * refuses it), and `token_use` 'id' or 'access' (Cognito's two bearer tokens; anything else a pool's key
 * signed is not meant for an API).
 *
 * ID and access tokens both pass, here and at the gateway, because API Gateway's JWT authorizer cannot tell
 * them apart (both name the app client); an access token carries no e-mail, so the caller is resolved from
 * the profile (lib/caller.ts) and an access token works on every signed-in route, never only on some.
 *
 * Configuration comes from the environment (infra/api.ts sets it on optional routes only; locally
 * infra/local/handler-env.ts points it at cognito-local):
 *   COGNITO_CLIENT_ID     the app client id (required)
 *   COGNITO_USER_POOL_ID  the pool; with AWS_REGION it gives https://cognito-idp.<region>.amazonaws.com/<pool>
 *   COGNITO_ISSUER        an explicit issuer instead (cognito-local: http://127.0.0.1:<port>/<pool>)
 *   COGNITO_JWKS_URI      the JWKS; default <issuer>/.well-known/jwks.json
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { FetchError, JwksValidationError, JwtBaseError } from 'aws-jwt-verify/error';
import { SimpleJwksCache, type Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { ServiceUnavailableError, UnauthorizedError } from './errors.ts';

export interface TokenVerifierConfig {
  readonly issuer: string;
  readonly jwksUri: string;
  /** The app client id: the only audience accepted. */
  readonly clientId: string;
}

/** Verified claims, every value as a string, the way the HTTP API authorizer hands them to a Lambda. */
export type VerifiedClaims = Readonly<Record<string, string>>;

export interface TokenVerifier {
  /** The token's claims; UnauthorizedError when it is not a valid token of this pool and client. */
  verify(token: string): Promise<VerifiedClaims>;
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

/** Reads the verifier's configuration; a missing variable throws, so a misconfigured function fails at cold start. */
export function tokenVerifierConfig(env: NodeJS.ProcessEnv = process.env): TokenVerifierConfig {
  const clientId = required(env, 'COGNITO_CLIENT_ID');
  const explicitIssuer = env.COGNITO_ISSUER?.trim();
  let issuer: string;
  if (explicitIssuer) {
    issuer = explicitIssuer.replace(/\/+$/, '');
  } else {
    const userPoolId = required(env, 'COGNITO_USER_POOL_ID');
    // The pool id starts with its region (us-east-1_AbC); the function's own region is the fallback.
    const region = /^([a-z]{2}(?:-[a-z]+)+-\d)_/.exec(userPoolId)?.[1] ?? required(env, 'AWS_REGION');
    issuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  }
  const jwksUri = env.COGNITO_JWKS_URI?.trim() || `${issuer}/.well-known/jwks.json`;
  return { issuer, jwksUri, clientId };
}

/** aws-jwt-verify's own fetcher speaks only https; cognito-local serves its JWKS over http on loopback. */
const plainHttpFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    let response: Response;
    try {
      response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    } catch (error) {
      throw new FetchError(uri, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new FetchError(uri, `answered ${response.status}`);
    return response.arrayBuffer();
  },
};

/** API Gateway's rendering of claims: numbers and booleans as text, arrays as "[a b]", objects as JSON. */
export function toClaimStrings(payload: JwtPayload): VerifiedClaims {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) claims[name] = `[${value.map(String).join(' ')}]`;
    else if (typeof value === 'object') claims[name] = JSON.stringify(value);
    else claims[name] = String(value);
  }
  return claims;
}

/** A token signed by the pool whose claims still make it unacceptable. */
class ClaimRejectedError extends Error {}

/** Cognito's bearer tokens; a refresh token is opaque, so anything else is not one of this pool's. */
const TOKEN_USES = new Set(['id', 'access']);

/** Failures that are ours (the JWKS could not be fetched), not the token's: the client should retry, not sign out. */
function isUnavailable(error: unknown): boolean {
  return error instanceof FetchError || error instanceof JwksValidationError;
}

export interface TokenVerifierOptions {
  /** A JWKS to use instead of fetching one (tests). */
  readonly jwks?: Jwks;
}

export function createTokenVerifier(config: TokenVerifierConfig, options: TokenVerifierOptions = {}): TokenVerifier {
  const verifier = JwtRsaVerifier.create(
    {
      issuer: config.issuer,
      jwksUri: config.jwksUri,
      // Checked below instead: the authorizer accepts `client_id` when the token (an access token) has no `aud`.
      audience: null,
      customJwtCheck: ({ payload }) => {
        const aud = payload.aud === undefined ? [] : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
        const candidates = aud.length ? aud : typeof payload.client_id === 'string' ? [payload.client_id] : [];
        if (!candidates.includes(config.clientId)) throw new ClaimRejectedError('The token is not for this app client');
        // The library checks `exp` only when it is there; a token that never expires is not accepted.
        if (typeof payload.exp !== 'number') throw new ClaimRejectedError('The token has no expiry');
        if (typeof payload.token_use !== 'string' || !TOKEN_USES.has(payload.token_use)) {
          throw new ClaimRejectedError('The token is neither an ID token nor an access token');
        }
      },
    },
    config.jwksUri.startsWith('http://') ? { jwksCache: new SimpleJwksCache({ fetcher: plainHttpFetcher }) } : undefined,
  );
  if (options.jwks) verifier.cacheJwks(options.jwks);

  return {
    async verify(token) {
      try {
        return toClaimStrings(await verifier.verify(token));
      } catch (error) {
        if (isUnavailable(error)) throw new ServiceUnavailableError('Sign-in could not be checked just now. Please try again.');
        // Bad signature, unknown key, wrong issuer or client, expired or no expiry, another token_use, not a
        // JWT: the token's fault.
        if (error instanceof JwtBaseError || error instanceof ClaimRejectedError) {
          throw new UnauthorizedError('Your sign-in is not valid. Sign in again.');
        }
        throw error;
      }
    },
  };
}

let shared: TokenVerifier | undefined;

/**
 * The verifier of this function, built from the environment on first use and kept for the container's life
 * so the JWKS is fetched once. The wrapper asks for it when an optional route's handler module loads.
 */
export function sharedTokenVerifier(): TokenVerifier {
  shared ??= createTokenVerifier(tokenVerifierConfig());
  return shared;
}

/** The bearer token of a request; like API Gateway, it takes the header with or without the Bearer prefix. */
export function bearerToken(headers: Readonly<Record<string, string | undefined>> | undefined): string | undefined {
  if (!headers) return undefined;
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'authorization');
  const value = name ? headers[name]?.trim() : undefined;
  if (!value) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return (match ? match[1] : value)?.trim() || undefined;
}

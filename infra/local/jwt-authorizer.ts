/**
 * The local twin of the HTTP API JWT authorizer: it accepts a request only with a token whose RS256 signature
 * matches a key of the issuer's JWKS, whose `iss` is the user pool, whose audience is the app client (`aud`
 * for ID tokens, `client_id` for access tokens, as API Gateway checks) and which has not expired; and it
 * passes the claims on the way API Gateway does, every value as a string.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface JwtAuthorizerOptions {
  readonly issuer: string;
  /** Accepted audiences: the app client id(s). */
  readonly audience: string | readonly string[];
  readonly jwksUri: string;
}

export interface Authorization {
  readonly claims: Record<string, string>;
  readonly scopes: string[] | null;
}

export type AuthorizationResult =
  | { readonly ok: true; readonly authorization: Authorization }
  | { readonly ok: false; readonly reason: string };

export interface JwtAuthorizer {
  authorize(authorizationHeader: string | undefined): Promise<AuthorizationResult>;
}

/** aws-jwt-verify's own fetcher speaks only https; the local JWKS is served over http on loopback. */
const httpFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri);
    if (!response.ok) throw new Error(`JWKS request to ${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

/**
 * API Gateway hands claims to the integration as strings: numbers and booleans in their text form, arrays as
 * "[a b]" (e.g. cognito:groups), objects as JSON.
 */
export function toApiGatewayClaims(payload: JwtPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) claims[name] = `[${value.map(String).join(' ')}]`;
    else if (typeof value === 'object') claims[name] = JSON.stringify(value);
    else claims[name] = String(value);
  }
  return claims;
}

/** The token from an Authorization header; API Gateway accepts it with or without the Bearer prefix. */
export function tokenFrom(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return (match ? match[1] : value)?.trim() || undefined;
}

export function createJwtAuthorizer(options: JwtAuthorizerOptions): JwtAuthorizer {
  const audiences = typeof options.audience === 'string' ? [options.audience] : [...options.audience];
  const verifier = JwtRsaVerifier.create(
    {
      issuer: options.issuer,
      jwksUri: options.jwksUri,
      // Checked below instead: API Gateway accepts `client_id` when the token (an access token) has no `aud`.
      audience: null,
      customJwtCheck: ({ payload }) => {
        const aud = payload.aud === undefined ? [] : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
        const candidates = aud.length ? aud : typeof payload.client_id === 'string' ? [payload.client_id] : [];
        if (!candidates.some((candidate) => audiences.includes(candidate))) {
          throw new Error(`The token is for ${candidates.join(',') || 'no audience'}, not for this app client`);
        }
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: httpFetcher }) },
  );

  return {
    async authorize(header) {
      const token = tokenFrom(header);
      if (!token) return { ok: false, reason: 'no token' };
      try {
        const payload = await verifier.verify(token);
        const scopes = typeof payload.scope === 'string' && payload.scope ? payload.scope.split(' ') : null;
        return { ok: true, authorization: { claims: toApiGatewayClaims(payload), scopes } };
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

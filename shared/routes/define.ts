/**
 * The shape of a route-table entry and the helpers every area file uses. Each area lists its routes in
 * shared/routes/<area>.ts; shared/routes/index.ts merges them and refuses a repeated id or method+path.
 * An area file imports only the schemas its own routes use, so a web page or a Lambda that reaches one area
 * bundles that area's schemas and no other's.
 */
import type * as z from 'zod';
import type { Access } from '../roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * PutItem and UpdateItem limited by IAM (dynamodb:LeadingKeys) to a few partitions, for the writes anyone may
 * cause: 'count' to the analytics partitions (shared/analytics.ts COUNTER_PARTITION_PREFIXES), for the
 * page-view beacon; 'newsletter' to the newsletter's (shared/newsletter.ts NEWSLETTER_PARTITION_PREFIXES), for
 * signing up and unsubscribing; both with reads. 'contact' to the contact messages' (shared/contact.ts
 * CONTACT_PARTITION_PREFIXES), without reads: the contact form only adds messages. 'unsubscribe' to the
 * person's preferences and the tokens' use records (shared/notification-partitions.ts), with reads, for the
 * one-click unsubscribe a signed token vouches for. infra/data.ts
 * grantPartitionWrites maps each to its prefixes.
 */
export type PartitionWriteAccess = 'count' | 'newsletter' | 'contact' | 'unsubscribe';

/**
 * What a route's function may do with the table: 'read' gets read-only grants (GetItem, BatchGetItem, Query);
 * 'read-write' the request-path writes too. Public and optional routes must be 'read' (an infra test checks),
 * or one of the partition-limited writes above.
 */
export type DataAccess = 'read' | 'read-write' | PartitionWriteAccess;

export interface RouteRequest {
  /** Path parameters, named as in `path` ({id}). */
  readonly path?: z.ZodType<Record<string, unknown>>;
  readonly query?: z.ZodType<Record<string, unknown>>;
  readonly body?: z.ZodType;
}

export interface RouteDefinition<
  Id extends string = string,
  Req extends RouteRequest = RouteRequest,
  Res extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  /** The route's id, unique across the table; the key it is listed under. */
  readonly id: Id;
  readonly method: HttpMethod;
  /** API Gateway path syntax, always under /api. */
  readonly path: `/api/${string}`;
  readonly access: A;
  readonly data: DataAccess;
  /** Handler module under lambdas/, without extension; it exports `handler`. */
  readonly handler: string;
  readonly request: Req;
  /** Schema of a successful response body. */
  readonly response: Res;
  /** Success status when it is not 200. */
  readonly status?: 201 | 202 | 204;
  /**
   * The body may come as a form (application/x-www-form-urlencoded) as well as JSON, its fields checked by the
   * same body schema: for what mail clients post to a one-click unsubscribe URI (RFC 8058). Other routes take JSON only.
   */
  readonly formBody?: true;
  /**
   * The body is a file as text, not JSON (a GPX course): the body schema checks the string as it came, its first
   * problem is the 400's message, and `maxBytes` replaces the API's 1 MB body limit for this route (the local
   * gateway's MAX_BODY_BYTES; WAF lets such a route's large bodies through, infra/waf.ts). The web client sends
   * a string body with `contentType`.
   */
  readonly textBody?: { readonly contentType: string; readonly maxBytes: number };
  /** Steady-state requests per second and burst for this route's throttle. */
  readonly throttle?: { readonly rate: number; readonly burst: number };
  /**
   * A body that is not JSON: the handler returns the text (response: z.string()) and it is sent with this
   * Content-Type, as a download named `filename` when one is given (a CSV export, a calendar feed).
   */
  readonly text?: { readonly contentType: `${string}; charset=utf-8`; readonly filename?: string };
  /**
   * A body of bytes (a FIT workout, a ZIP of them): the handler returns a FileDownload (shared/schemas/common.ts;
   * response: FileDownloadSchema) and it is sent with this Content-Type as a download under the file's name,
   * base64-encoded to API Gateway (isBase64Encoded), which hands the client the bytes. The web client answers the
   * same FileDownload.
   */
  readonly file?: { readonly contentType: string };
  /** Cache-Control for successful public responses; authenticated responses are never cached. */
  readonly cacheControl?: string;
  readonly summary: string;
}

/** Any entry of the table, whatever its id, schemas and access. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouteDefinition = RouteDefinition<string, RouteRequest, z.ZodType, any>;

/** Lists the routes of one area, each keyed by its id (the id is written once, as the key). */
export function defineRoutes<const T extends Record<string, Omit<AnyRouteDefinition, 'id'>>>(
  routes: T,
): { readonly [K in keyof T & string]: T[K] & { readonly id: K } } {
  return Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { ...route, id }])) as never;
}

/**
 * Default throttle for routes that do not set their own. On an open route every caller shares it. On a signed-in
 * route it is each verified user's own in the local gateway; in AWS, API Gateway's route throttle cannot key on
 * the user, so it stays the route's ceiling and WAF keeps what could drain it away: callers without a token per
 * IP (ANONYMOUS_SIGNED_IN_LIMIT) and each token to SIGNED_IN_LIMIT_PER_TOKEN (infra/waf.ts).
 */
export const DEFAULT_THROTTLE = { rate: 50, burst: 100 } as const;

/**
 * Requests one client IP may send to signed-in routes without a valid token in a window, past which it gets 429
 * instead of 401 (WAF's AnonymousSignedInRateLimit in AWS, the local gateway's per-IP bucket locally). A browser
 * sends such requests only when its session has ended; a flood of them must not stand in front of the people
 * who are signed in.
 */
export const ANONYMOUS_SIGNED_IN_LIMIT = { requests: 60, windowSeconds: 60 } as const;

/**
 * Requests one token may send to signed-in routes in a window in AWS (WAF's SignedInPerTokenRateLimit): one
 * person's session cannot take a route's shared capacity from everyone else. Five a second for a minute is more
 * than any page of the app asks for.
 */
export const SIGNED_IN_LIMIT_PER_TOKEN = { requests: 300, windowSeconds: 60 } as const;

/** The HTTP API route key, as API Gateway spells it: 'GET /api/me'. */
export function routeKey(definition: Pick<AnyRouteDefinition, 'method' | 'path'>): string {
  return `${definition.method} ${definition.path}`;
}

/** The parsed response of a route. */
export type ResponseOfRoute<R extends AnyRouteDefinition> = z.output<R['response']>;
/** What a client sends as the body of a route. */
export type BodyOfRoute<R extends AnyRouteDefinition> = R['request'] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

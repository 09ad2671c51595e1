/**
 * The typed API client. A request names its route by the route's definition from the area's table
 * (shared/routes/<area>.ts), so paths, parameters, bodies and response types cannot drift from what the
 * handlers accept; responses are parsed with the route's response schema. This module pulls in zod, so pages
 * load it lazily, with the one area table they call (see use-api.ts): never the merged index, which would
 * bring every area's schemas.
 */
import type { z } from 'zod';
import type { AnyRouteDefinition, RouteId, ROUTES } from '#shared/routes';
import { ErrorBodySchema } from '#shared/schemas/common';
import { ApiError } from './api-error.ts';

type PartOf<R, K extends 'path' | 'query' | 'body'> = R extends { readonly [P in K]: infer S extends z.ZodType } ? z.input<S> : never;

/** A part the caller must send, may omit (its schema accepts an empty object), or cannot send. */
type Slot<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : object extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a caller sends to a route: its path parameters, query and body, each as its schema's input. */
export type RouteInput<R extends AnyRouteDefinition> = Slot<'path', PartOf<R['request'], 'path'>> &
  Slot<'query', PartOf<R['request'], 'query'>> &
  Slot<'body', PartOf<R['request'], 'body'>>;

/** A route's parsed response body. */
export type RouteResponse<R extends AnyRouteDefinition> = z.output<R['response']>;

/** The input and response of a route by its id (types only: the merged index is never loaded at run time). */
export type ApiInput<Id extends RouteId> = RouteInput<(typeof ROUTES)[Id]>;
export type ApiResponse<Id extends RouteId> = RouteResponse<(typeof ROUTES)[Id]>;

export interface ApiClientOptions {
  /** The signed-in user's Cognito ID token, or undefined when signed out. */
  getIdToken(): Promise<string | undefined>;
  fetch?: typeof fetch;
  /** Origin to call; defaults to the page's own (CloudFront and the local gateway serve /api on the same origin). */
  baseUrl?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** Calls one route, given its definition from an area table. */
export type RouteRequest = <R extends AnyRouteDefinition>(route: R, input?: RouteInput<R>, options?: RequestOptions) => Promise<RouteResponse<R>>;

export function createApiClient({ getIdToken, fetch: fetchImpl = globalThis.fetch.bind(globalThis), baseUrl = '' }: ApiClientOptions): RouteRequest {
  return async function request<R extends AnyRouteDefinition>(route: R, input?: RouteInput<R>, options: RequestOptions = {}) {
    const parts = (input ?? {}) as { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    const url = baseUrl + fillPath(route.path, parts.path) + queryString(parts.query);
    // A file route answers its file, or a JSON error.
    const headers: Record<string, string> = { accept: route.file ? `${route.file.contentType}, application/json` : 'application/json' };
    if (route.access !== 'public') {
      const token = await getIdToken();
      // Optional routes answer visitors too; a signed-in caller sends the token so the server knows them.
      if (token) headers.authorization = `Bearer ${token}`;
      else if (route.access !== 'optional') throw new ApiError(401, 'Please sign in to continue.', 'unauthenticated');
    }
    let body: string | undefined;
    if (parts.body !== undefined && route.textBody && typeof parts.body === 'string') {
      // A file sent as it is (a GPX course), not as JSON.
      headers['content-type'] = route.textBody.contentType;
      body = parts.body;
    } else if (parts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(parts.body);
    }

    let response: Response;
    try {
      response = await fetchImpl(url, { method: route.method, headers, body, signal: options.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, "Can't reach RaceFinder. Check your connection and try again.", 'network');
    }

    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return route.response.parse(undefined) as RouteResponse<R>;
    if (route.file) return (await fileOf(route, response)) as RouteResponse<R>;
    const json: unknown = await response.json().catch(() => {
      throw new ApiError(response.status, 'The server sent a response that could not be read.', 'bad_response');
    });
    const parsed = route.response.safeParse(json);
    if (!parsed.success) {
      console.error(`Response of ${route.id} does not match its schema`, parsed.error.issues);
      throw new ApiError(response.status, 'The server sent an unexpected response.', 'bad_response');
    }
    return parsed.data as RouteResponse<R>;
  };
}

/** A file route's answer as the handler made it: its bytes and the name Content-Disposition gives it. */
async function fileOf(route: AnyRouteDefinition, response: Response): Promise<unknown> {
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const parsed = route.response.safeParse({ filename, bytes: new Uint8Array(await response.arrayBuffer()) });
  if (!parsed.success) throw new ApiError(response.status, 'The server sent a file that could not be read.', 'bad_response');
  return parsed.data;
}

function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter '${name}' for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function toApiError(response: Response): Promise<ApiError> {
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = ErrorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, fields, details } = parsed.data.error;
    return new ApiError(response.status, message, code, fields, details);
  }
  return new ApiError(response.status, defaultMessage(response.status));
}

function defaultMessage(status: number): string {
  if (status === 413) return 'That is more than the server takes at once. Send a smaller file.';
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return "You don't have permission to do that.";
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'RaceFinder is having trouble right now. Please try again shortly.';
  return `Request failed (${status}).`;
}

/**
 * The route table: every API route, once. infra/api.ts makes one Lambda and one HTTP API route per entry,
 * the local gateway dispatches to the same handler modules, the web client is typed from it and the
 * authorization-matrix test walks it. A route that is not listed here does not exist.
 */
import * as z from 'zod';
import type { Access } from './roles.ts';
import { UlidSchema } from './schemas/common.ts';
import { EventSchema } from './schemas/event.ts';
import { OrganizationSchema } from './schemas/organization.ts';
import { ProfileSchema, UpdateProfileSchema } from './schemas/profile.ts';
import {
  CursorQuerySchema,
  SavedEventPathSchema,
  SavedEventSchema,
  SavedEventsPageSchema,
} from './schemas/saved-event.ts';
import { EventSearchPageSchema, EventSearchQuerySchema } from './schemas/search.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteRequest {
  /** Path parameters, named as in `path` ({id}). */
  readonly path?: z.ZodType<Record<string, unknown>>;
  readonly query?: z.ZodType<Record<string, unknown>>;
  readonly body?: z.ZodType;
}

export interface RouteDefinition<Req extends RouteRequest = RouteRequest, Res extends z.ZodType = z.ZodType> {
  readonly method: HttpMethod;
  /** API Gateway path syntax, always under /api. */
  readonly path: `/api/${string}`;
  readonly access: Access;
  /** Handler module under lambdas/, without extension; it exports `handler`. */
  readonly handler: string;
  readonly request: Req;
  /** Schema of a successful response body. */
  readonly response: Res;
  /** Success status when it is not 200. */
  readonly status?: 201 | 202 | 204;
  /** Steady-state requests per second and burst for this route's throttle. */
  readonly throttle?: { readonly rate: number; readonly burst: number };
  /** Cache-Control for successful public responses; authenticated responses are never cached. */
  readonly cacheControl?: string;
  readonly summary: string;
}

function route<Req extends RouteRequest, Res extends z.ZodType>(
  definition: RouteDefinition<Req, Res>,
): RouteDefinition<Req, Res> {
  return definition;
}

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('reachable'),
  version: z.string(),
});

export const ROUTES = {
  getHealth: route({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    handler: 'system/get-health',
    request: {},
    response: HealthSchema,
    cacheControl: 'no-store',
    summary: 'Database reachable and the deployed version',
  }),
  getMe: route({
    method: 'GET',
    path: '/api/me',
    access: 'user',
    handler: 'users/get-me',
    request: {},
    response: ProfileSchema,
    summary: "The caller's profile, created on first call",
  }),
  updateMe: route({
    method: 'PATCH',
    path: '/api/me',
    access: 'user',
    handler: 'users/update-me',
    request: { body: UpdateProfileSchema },
    response: ProfileSchema,
    throttle: { rate: 5, burst: 10 },
    summary: "Change the caller's first name, last name or location",
  }),
  searchEvents: route({
    method: 'GET',
    path: '/api/events',
    access: 'public',
    handler: 'events/search-events',
    request: { query: EventSearchQuerySchema },
    response: EventSearchPageSchema,
    cacheControl: 'public, max-age=60',
    summary: 'Upcoming verified events matching text and filters, promoted first, 50 a page',
  }),
  getEvent: route({
    method: 'GET',
    path: '/api/events/{id}',
    access: 'optional',
    handler: 'events/get-event',
    request: { path: z.strictObject({ id: UlidSchema }) },
    response: EventSchema.extend({ organization: OrganizationSchema.optional() }),
    cacheControl: 'public, max-age=60',
    summary: 'One event with its organization; unverified events only to their organizer and admins',
  }),
  listSavedEvents: route({
    method: 'GET',
    path: '/api/me/saved-events',
    access: 'user',
    handler: 'saved/list-saved-events',
    request: { query: CursorQuerySchema },
    response: SavedEventsPageSchema,
    summary: "The caller's saved events with their card fields, newest first",
  }),
  saveEvent: route({
    method: 'PUT',
    path: '/api/me/saved-events/{eventId}',
    access: 'user',
    handler: 'saved/save-event',
    request: { path: SavedEventPathSchema },
    response: SavedEventSchema,
    throttle: { rate: 10, burst: 20 },
    summary: 'Save an event (idempotent)',
  }),
  unsaveEvent: route({
    method: 'DELETE',
    path: '/api/me/saved-events/{eventId}',
    access: 'user',
    handler: 'saved/unsave-event',
    request: { path: SavedEventPathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 10, burst: 20 },
    summary: 'Remove a saved event (idempotent)',
  }),
} as const;

export type RouteId = keyof typeof ROUTES;
export type AnyRoute = (typeof ROUTES)[RouteId];

export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** Default throttle for routes that do not set their own. */
export const DEFAULT_THROTTLE = { rate: 50, burst: 100 } as const;

/** The HTTP API route key, as API Gateway spells it: 'GET /api/me'. */
export function routeKey(definition: RouteDefinition): string {
  return `${definition.method} ${definition.path}`;
}

export type ResponseOf<Id extends RouteId> = z.infer<(typeof ROUTES)[Id]['response']>;
export type BodyOf<Id extends RouteId> = (typeof ROUTES)[Id]['request'] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;

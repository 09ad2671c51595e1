/**
 * Test data and a fake API for the /events and saved-event component tests. The fake stands in for the
 * typed API client (useApi) at its module boundary; it answers searchEvents from a list of pages and keeps
 * saved events the way the server does (idempotent PUT and DELETE, newest first).
 */
import { vi, type Mock } from 'vitest';
import type { EventSummary } from '../../shared/schemas/search.ts';

let sequence = 0;

/** A ULID-shaped id, unique per call. */
export function eventId(): string {
  sequence += 1;
  return `01J${String(sequence).padStart(23, '0')}`;
}

export function makeEvent(overrides: Partial<EventSummary> = {}): EventSummary {
  const id = overrides.id ?? eventId();
  return {
    id,
    title: `Race ${id.slice(-4)}`,
    description: 'A fast, flat course along the river.',
    eventDate: '2030-05-17',
    city: 'Boulder',
    state: 'CO',
    locationName: 'Boulder Reservoir',
    eventType: 'road_race',
    terrainType: 'road',
    distances: ['10K'],
    registrationFee: 45,
    featured: false,
    verified: true,
    ...overrides,
  };
}

export function makeEvents(count: number, overrides: Partial<EventSummary> = {}): EventSummary[] {
  return Array.from({ length: count }, () => makeEvent(overrides));
}

type Handler = (input: { path?: Record<string, string>; query?: Record<string, unknown> }) => unknown;

export interface FakeApi {
  /** The mock passed to useApi: (routeId, input, options) => Promise. */
  request: Mock<(route: string, input?: Parameters<Handler>[0]) => Promise<unknown>>;
  /** Calls of one route, with their inputs. */
  callsOf(route: string): { path?: Record<string, string>; query?: Record<string, unknown> }[];
  /** Replaces one route's behaviour (return a value, or throw to fail). */
  on(route: string, handler: Handler): void;
  saved: Map<string, { savedAt: string; event: EventSummary }>;
}

export function createFakeApi(): FakeApi {
  const handlers = new Map<string, Handler>();
  const saved = new Map<string, { savedAt: string; event: EventSummary }>();
  const request = vi.fn(async (route: string, input: Parameters<Handler>[0] = {}) => {
    const handler = handlers.get(route);
    if (!handler) throw new Error(`Unexpected API call ${route}`);
    return handler(input);
  });
  const api: FakeApi = {
    request,
    callsOf: (route) => request.mock.calls.filter(([id]) => id === route).map(([, input]) => (input ?? {}) as Parameters<Handler>[0]),
    on: (route, handler) => handlers.set(route, handler),
    saved,
  };
  api.on('listSavedEvents', () => ({ items: [...saved.values()].reverse() }));
  // The header's bell asks for the signed-in person's inbox on every page.
  api.on('listNotifications', () => ({ items: [], unreadCount: 0 }));
  api.on('saveEvent', ({ path }) => {
    const id = path!.eventId!;
    const existing = saved.get(id);
    if (existing) return { eventId: id, savedAt: existing.savedAt };
    const entry = { savedAt: new Date().toISOString(), event: makeEvent({ id }) };
    saved.set(id, entry);
    return { eventId: id, savedAt: entry.savedAt };
  });
  api.on('unsaveEvent', ({ path }) => {
    saved.delete(path!.eventId!);
    return undefined;
  });
  return api;
}

/** A promise with its resolve and reject at hand, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

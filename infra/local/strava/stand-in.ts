/**
 * A loopback stand-in for the parts of Strava RaceFinder uses, speaking Strava's wire format so the app's client
 * (lambdas/strava/strava-api.ts) runs unchanged against it (STRAVA_API_URL and STRAVA_AUTHORIZE_URL point here):
 *
 *   GET  /oauth/authorize                 the authorize page (choose an athlete, Authorize or Cancel)
 *   POST /oauth/authorize                 Authorize: redirects (302) to redirect_uri with code, state and scope
 *   POST /oauth/token                     grant_type authorization_code or refresh_token: access_token,
 *                                         refresh_token, expires_at, expires_in (and athlete for a code)
 *   POST /oauth/deauthorize               revokes every token of the (live) access token's athlete
 *   GET  /api/v3/athlete                  the token's athlete
 *   GET  /api/v3/athlete/activities       before, after (seconds), page, per_page (at most 200), newest first
 *                                         (oldest first when only `after` is given, as Strava pages it)
 *   GET  /api/v3/activities/{id}          a DetailedActivity of the token's athlete (404 for another's or a gone one)
 *   GET  /api/v3/activities/{id}/streams  keys=time,latlng,altitude,heartrate,distance, key_by_type=true
 *   POST/GET /api/v3/push_subscriptions   the application's one subscription (client_id and client_secret); a
 *   DELETE /api/v3/push_subscriptions/{id}  create first checks the callback with the hub.challenge GET
 *
 * Every /api/v3 answer for an athlete carries X-RateLimit-Limit and X-RateLimit-Usage ("<15 min>,<day>"); past a
 * limit the answer is 429. Windows reset at each quarter hour and at midnight UTC, as Strava's do.
 *
 * Events are posted to the subscription's callback as Strava posts them (object_type, object_id, aspect_type,
 * owner_id, subscription_id, event_time, updates), for athletes who authorized the app, retried up to three times.
 * Not Strava's, for tests and a person at `npm start` (Bearer <client secret>):
 *
 *   GET    /_local/athletes                              athletes, with whether they authorized the app
 *   POST   /_local/athletes                              { firstname, lastname } a new athlete
 *   POST   /_local/athletes/{id}/activities              a new activity (athletes.ts NewActivitySchema): a create event
 *   PUT    /_local/athletes/{id}/activities/{aid}        a change (name, sport_type...): an update event
 *   DELETE /_local/athletes/{id}/activities/{aid}        a delete event
 *   POST   /_local/athletes/{id}/deauthorize             revokes the app as the athlete would on Strava: the event
 *   PUT    /_local/settings                              { limit15, limitDay, usage15, usageDay, tokenLifetimeSeconds }
 *   GET    /_local/deliveries, GET /_local/requests      events delivered, API and token requests answered (status each)
 *
 * State lives in memory. Listens on 127.0.0.1 only and answers loopback Host names only.
 */
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { acceptsLoopbackHost, listenOnLoopback } from '../loopback-server.ts';
import {
  ActivityChangeSchema,
  NewActivitySchema,
  activityJson,
  athleteJson,
  streamsJson,
  token,
  type StandInActivity,
  type StandInAthlete,
} from './athletes.ts';
import { authorizePage, errorPage, type RenderedPage } from './authorize-page.ts';

/** The application `npm start` registers with the stand-in. Local values, worth nothing elsewhere. */
export const LOCAL_STRAVA_CLIENT_ID = '27182';
export const LOCAL_STRAVA_CLIENT_SECRET = 'racefinder-local-strava-client-secret';

/** Strava's default limits for a new application: 200 requests per 15 minutes, 2,000 a day. */
const DEFAULT_LIMITS = { limit15: 200, limitDay: 2000 };
/** Strava's access tokens last six hours. */
const DEFAULT_TOKEN_LIFETIME_S = 6 * 3600;
const CODE_LIFETIME_MS = 10 * 60_000;
const MAX_BODY_BYTES = 64 * 1024;
const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;

export interface Delivery {
  readonly event: Record<string, unknown>;
  readonly url: string;
  readonly status?: number;
  readonly attempts: number;
  readonly ok: boolean;
}

export interface StravaStandInOptions {
  readonly port?: number;
  /** The app's name on the authorize page. */
  readonly appName?: string;
  /** Pause between event delivery attempts (default 200 ms). */
  readonly retryDelayMs?: number;
  readonly log?: (line: string) => void;
}

export interface StravaStandIn {
  /** http://127.0.0.1:<port>, as STRAVA_API_URL and STRAVA_AUTHORIZE_URL take it. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly deliveries: readonly Delivery[];
  /** Settles when every event delivery under way has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface Grant {
  readonly athleteId: number;
  readonly scope: string;
  readonly expiresAt: number;
}

class StravaError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: readonly { resource: string; field: string; code: string }[] = [],
  ) {
    super(message);
  }
}

const notFound = (resource: string) => new StravaError(404, 'Record Not Found', [{ resource, field: 'id', code: 'invalid' }]);
const authorizationError = () => new StravaError(401, 'Authorization Error', [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }]);
const badRequest = (resource: string, field: string, code = 'invalid') => new StravaError(400, 'Bad Request', [{ resource, field, code }]);

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new StravaError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Strava takes its parameters from the query or a form body alike (and JSON for the control API). */
function paramsOf(url: URL, body: string, contentType: string | undefined): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (body && /^application\/x-www-form-urlencoded\b/i.test(contentType ?? '')) Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
  return params;
}

export async function startStravaStandIn(options: StravaStandInOptions = {}): Promise<StravaStandIn> {
  const appName = options.appName ?? 'RaceFinder';
  const log = options.log ?? ((line: string) => console.warn(line));
  const clientId = LOCAL_STRAVA_CLIENT_ID;
  const clientSecret = LOCAL_STRAVA_CLIENT_SECRET;
  const athletes = new Map<number, StandInAthlete>();
  const codes = new Map<string, Grant & { readonly redirectUri: string }>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Omit<Grant, 'expiresAt'>>();
  let subscription: { id: number; callbackUrl: string; createdAt: string } | undefined;
  const deliveries: Delivery[] = [];
  const requests: { method: string; path: string; status: number }[] = [];
  const pending = new Set<Promise<unknown>>();
  const limits = { ...DEFAULT_LIMITS, usage15: 0, usageDay: 0, window15: 0, day: 0 };
  let tokenLifetimeS = DEFAULT_TOKEN_LIFETIME_S;
  let nextAthleteId = 5_000_001;
  let nextActivityId = 10_000_000_001;
  let nextSubscriptionId = 1;

  const newAthlete = (firstname: string, lastname: string): StandInAthlete => {
    const athlete: StandInAthlete = { id: nextAthleteId++, firstname, lastname, createdAt: new Date().toISOString(), activities: new Map() };
    athletes.set(athlete.id, athlete);
    return athlete;
  };
  const athleteOr404 = (id: string | undefined) => {
    const athlete = athletes.get(Number(id));
    if (!athlete) throw notFound('Athlete');
    return athlete;
  };

  const grantTokens = (grant: Omit<Grant, 'expiresAt'>) => {
    const expiresAt = Math.floor(Date.now() / 1000) + tokenLifetimeS;
    const access = token();
    const refresh = token();
    accessTokens.set(access, { ...grant, expiresAt });
    refreshTokens.set(refresh, grant);
    return { token_type: 'Bearer', access_token: access, expires_at: expiresAt, expires_in: tokenLifetimeS, refresh_token: refresh };
  };
  const revokeAthlete = (athleteId: number) => {
    for (const [key, grant] of accessTokens) if (grant.athleteId === athleteId) accessTokens.delete(key);
    for (const [key, grant] of refreshTokens) if (grant.athleteId === athleteId) refreshTokens.delete(key);
    const athlete = athletes.get(athleteId);
    if (athlete) athlete.authorizedScope = undefined;
  };

  const deliver = async (event: Record<string, unknown>): Promise<void> => {
    if (!subscription) return;
    const url = subscription.callbackUrl;
    let status: number | undefined;
    let attempts = 0;
    // Strava tries a delivery up to three times when the callback does not answer 200.
    while (attempts < 3) {
      attempts += 1;
      try {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event), signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        status = response.status;
        if (response.ok) break;
      } catch {
        status = undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 200));
    }
    const ok = status !== undefined && status >= 200 && status < 300;
    deliveries.push({ event, url, ...(status !== undefined ? { status } : {}), attempts, ok });
    if (!ok) log(`Strava stand-in: ${String(event.object_type)} ${String(event.aspect_type)} event was not delivered to ${url}: ${status ?? 'no answer'}`);
  };
  /** Events go after the answer to the change, as Strava's arrive shortly after it. */
  const emit = (athlete: StandInAthlete, event: { object_type: 'activity' | 'athlete'; object_id: number; aspect_type: string; updates?: Record<string, string> }) => {
    if (!subscription || (!athlete.authorizedScope && event.object_type === 'activity')) return;
    const body = { ...event, updates: event.updates ?? {}, owner_id: athlete.id, subscription_id: subscription.id, event_time: Math.floor(Date.now() / 1000) };
    const delivery = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(body));
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
  };

  /** Starts new windows when the clock has passed a quarter hour or midnight UTC, as Strava's reset. */
  const rollWindows = () => {
    const now = Date.now();
    const window15 = Math.floor(now / QUARTER_HOUR_MS);
    const day = Math.floor(now / DAY_MS);
    if (window15 !== limits.window15) {
      limits.window15 = window15;
      limits.usage15 = 0;
    }
    if (day !== limits.day) {
      limits.day = day;
      limits.usageDay = 0;
    }
  };
  /** Counts one API request against both windows; true when it is within them. */
  const countRequest = (): boolean => {
    rollWindows();
    if (limits.usage15 >= limits.limit15 || limits.usageDay >= limits.limitDay) return false;
    limits.usage15 += 1;
    limits.usageDay += 1;
    return true;
  };
  const rateHeaders = () => ({ 'x-ratelimit-limit': `${limits.limit15},${limits.limitDay}`, 'x-ratelimit-usage': `${limits.usage15},${limits.usageDay}` });

  const grantOf = (request: IncomingMessage): Grant => {
    const [scheme, value] = (request.headers.authorization ?? '').split(' ', 2);
    const grant = scheme?.toLowerCase() === 'bearer' && value ? accessTokens.get(value) : undefined;
    if (!grant || grant.expiresAt <= Date.now() / 1000) throw authorizationError();
    return grant;
  };
  const checkClient = (params: Record<string, string>) => {
    if (params.client_id !== clientId) throw badRequest('Application', 'client_id');
    if (!sameSecret(params.client_secret ?? '', clientSecret)) throw badRequest('Application', 'client_secret');
  };

  const oauthToken = (params: Record<string, string>) => {
    checkClient(params);
    if (params.grant_type === 'authorization_code') {
      const code = codes.get(params.code ?? '');
      codes.delete(params.code ?? '');
      if (!code || code.expiresAt < Date.now()) throw badRequest('AuthorizationCode', 'code');
      const athlete = athleteOr404(String(code.athleteId));
      athlete.authorizedScope = code.scope;
      return { ...grantTokens({ athleteId: code.athleteId, scope: code.scope }), athlete: athleteJson(athlete) };
    }
    if (params.grant_type === 'refresh_token') {
      const grant = refreshTokens.get(params.refresh_token ?? '');
      if (!grant) throw badRequest('RefreshToken', 'refresh_token');
      // Strava hands out a new pair and retires the refresh token that was used.
      refreshTokens.delete(params.refresh_token ?? '');
      return grantTokens(grant);
    }
    throw badRequest('Application', 'grant_type');
  };

  const pushSubscriptions = async (method: string, id: string | undefined, params: Record<string, string>): Promise<{ status: number; body: unknown }> => {
    checkClient(params);
    if (method === 'GET' && !id) {
      return { status: 200, body: subscription ? [{ id: subscription.id, resource_state: 2, application_id: Number(clientId), callback_url: subscription.callbackUrl, created_at: subscription.createdAt, updated_at: subscription.createdAt }] : [] };
    }
    if (method === 'DELETE' && id) {
      if (!subscription || subscription.id !== Number(id)) throw notFound('PushSubscription');
      subscription = undefined;
      return { status: 204, body: undefined };
    }
    if (method !== 'POST' || id) throw notFound('Resource');
    if (subscription) throw badRequest('PushSubscription', 'callback url', 'already exists');
    const callback = z.url().safeParse(params.callback_url);
    if (!callback.success || !params.verify_token) throw badRequest('PushSubscription', 'callback url', 'invalid');
    // The handshake: the callback must echo the challenge. Strava allows two seconds; the stand-in waits longer, since
    // the local gateway loads the webhook's handler on this first call, which a loaded machine may take seconds over.
    const challenge = randomBytes(8).toString('hex');
    const check = new URL(callback.data);
    check.searchParams.set('hub.verify_token', params.verify_token);
    check.searchParams.set('hub.challenge', challenge);
    check.searchParams.set('hub.mode', 'subscribe');
    let echoed: unknown;
    try {
      const response = await fetch(check, { signal: AbortSignal.timeout(HANDSHAKE_TIMEOUT_MS) });
      echoed = response.ok ? ((await response.json()) as Record<string, unknown>)['hub.challenge'] : undefined;
    } catch {
      echoed = undefined;
    }
    if (echoed !== challenge) throw badRequest('PushSubscription', 'callback url', 'GET to callback URL does not return 200');
    subscription = { id: nextSubscriptionId++, callbackUrl: callback.data, createdAt: new Date().toISOString() };
    return { status: 201, body: { id: subscription.id } };
  };

  /** The athlete API: one answer per request, counted against the limits. */
  const athleteApi = (request: IncomingMessage, path: string, params: Record<string, string>): unknown => {
    const grant = grantOf(request);
    const athlete = athleteOr404(String(grant.athleteId));
    if (path === '/api/v3/athlete') return athleteJson(athlete);
    if (path === '/api/v3/athlete/activities') {
      const perPage = Math.min(200, Math.max(1, Number(params.per_page ?? 30) || 30));
      const page = Math.max(1, Number(params.page ?? 1) || 1);
      const after = params.after === undefined ? undefined : Number(params.after);
      const before = params.before === undefined ? undefined : Number(params.before);
      const startOf = (activity: StandInActivity) => Date.parse(activity.start_date) / 1000;
      const visible = [...athlete.activities.values()]
        .filter((activity) => (after === undefined || startOf(activity) > after) && (before === undefined || startOf(activity) < before))
        .filter((activity) => !activity.private || grant.scope.includes('activity:read_all'))
        .sort((a, b) => (after !== undefined && before === undefined ? startOf(a) - startOf(b) : startOf(b) - startOf(a)));
      return visible.slice((page - 1) * perPage, page * perPage).map((activity) => activityJson(activity, false));
    }
    const match = /^\/api\/v3\/activities\/(\d+)(\/streams)?$/.exec(path);
    const activity = match ? athlete.activities.get(Number(match[1])) : undefined;
    if (!match) throw notFound('Resource');
    if (!activity || (activity.private && !grant.scope.includes('activity:read_all'))) throw notFound('Activity');
    if (!match[2]) return activityJson(activity, true);
    if (activity.manual) throw notFound('Stream');
    return streamsJson(activity, (params.keys ?? '').split(',').map((key) => key.trim()).filter(Boolean), params.key_by_type === 'true');
  };

  const control = async (method: string, path: string, body: string): Promise<{ status: number; body: unknown }> => {
    const json = body ? (JSON.parse(body) as unknown) : {};
    if (path === '/_local/athletes' && method === 'GET') {
      return { status: 200, body: [...athletes.values()].map((athlete) => ({ ...athleteJson(athlete), authorized: Boolean(athlete.authorizedScope), activities: athlete.activities.size })) };
    }
    if (path === '/_local/athletes' && method === 'POST') {
      const input = z.object({ firstname: z.string().min(1).max(60), lastname: z.string().max(60).default('') }).parse(json);
      return { status: 201, body: athleteJson(newAthlete(input.firstname, input.lastname)) };
    }
    if (path === '/_local/deliveries' && method === 'GET') return { status: 200, body: { deliveries } };
    if (path === '/_local/requests' && method === 'GET') return { status: 200, body: { requests } };
    if (path === '/_local/settings' && method === 'PUT') {
      const input = z
        .object({ limit15: z.int().nonnegative(), limitDay: z.int().nonnegative(), usage15: z.int().nonnegative(), usageDay: z.int().nonnegative(), tokenLifetimeSeconds: z.int().nonnegative() })
        .partial()
        .parse(json);
      // The current windows first, so what is set is not reset by the next request's roll-over.
      rollWindows();
      Object.assign(limits, Object.fromEntries(Object.entries(input).filter(([key]) => key !== 'tokenLifetimeSeconds')));
      if (input.tokenLifetimeSeconds !== undefined) tokenLifetimeS = input.tokenLifetimeSeconds;
      return { status: 200, body: { limit15: limits.limit15, limitDay: limits.limitDay, usage15: limits.usage15, usageDay: limits.usageDay, tokenLifetimeSeconds: tokenLifetimeS } };
    }
    const athleteMatch = /^\/_local\/athletes\/(\d+)\/(activities|deauthorize)(?:\/(\d+))?$/.exec(path);
    if (!athleteMatch) throw notFound('Resource');
    const athlete = athleteOr404(athleteMatch[1]);
    if (athleteMatch[2] === 'deauthorize' && method === 'POST') {
      const wasAuthorized = Boolean(athlete.authorizedScope);
      revokeAthlete(athlete.id);
      if (wasAuthorized) emit(athlete, { object_type: 'athlete', object_id: athlete.id, aspect_type: 'update', updates: { authorized: 'false' } });
      return { status: 200, body: { deauthorized: wasAuthorized } };
    }
    const activityId = athleteMatch[3];
    if (method === 'POST' && !activityId) {
      const input = NewActivitySchema.parse(json);
      const activity: StandInActivity = { ...input, id: nextActivityId++, athleteId: athlete.id, elapsed: input.elapsed_time ?? input.moving_time + 60 };
      athlete.activities.set(activity.id, activity);
      emit(athlete, { object_type: 'activity', object_id: activity.id, aspect_type: 'create' });
      return { status: 201, body: activityJson(activity, true) };
    }
    const activity = athlete.activities.get(Number(activityId));
    if (!activity) throw notFound('Activity');
    if (method === 'PUT') {
      const change = ActivityChangeSchema.parse(json);
      Object.assign(activity, change);
      const updates: Record<string, string> = {};
      if (change.name !== undefined) updates.title = change.name;
      if (change.sport_type !== undefined) updates.type = change.sport_type;
      if (change.private !== undefined) updates.private = String(change.private);
      emit(athlete, { object_type: 'activity', object_id: activity.id, aspect_type: 'update', updates });
      return { status: 200, body: activityJson(activity, true) };
    }
    if (method === 'DELETE') {
      athlete.activities.delete(activity.id);
      emit(athlete, { object_type: 'activity', object_id: activity.id, aspect_type: 'delete' });
      return { status: 204, body: undefined };
    }
    throw notFound('Resource');
  };

  const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };
  const sendPage = (response: ServerResponse, rendered: RenderedPage) => {
    response.writeHead(rendered.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': rendered.csp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
    response.end(rendered.html);
  };

  const authorize = (response: ServerResponse, method: string, params: Record<string, string>) => {
    if (params.client_id !== clientId) return sendPage(response, errorPage(400, 'Bad Request', 'This application is not known to the Strava stand-in (client_id).'));
    const redirect = z.url().safeParse(params.redirect_uri);
    if (!redirect.success) return sendPage(response, errorPage(400, 'Bad Request', 'redirect_uri is missing or not a URL.'));
    if (method === 'GET') {
      if (params.response_type !== 'code') return sendPage(response, errorPage(400, 'Bad Request', 'response_type must be code.'));
      const request = { clientId, redirectUri: redirect.data, scope: params.scope ?? 'read', state: params.state ?? '' };
      return sendPage(response, authorizePage(request, appName, [...athletes.values()], `Local Runner ${nextAthleteId - 5_000_000}`));
    }
    let athlete: StandInAthlete;
    if (params.athlete && params.athlete !== 'new') athlete = athleteOr404(params.athlete);
    else {
      const [firstname = 'Local', ...rest] = (params.athlete_name?.trim() || `Local Runner ${nextAthleteId - 5_000_000}`).split(/\s+/);
      athlete = newAthlete(firstname, rest.join(' '));
    }
    // Strava always grants `read`, and what the athlete left ticked of the rest.
    const asked = (params.scope ?? '').split(',').filter(Boolean);
    const granted = ['read', ...asked.filter((scope) => scope !== 'read' && (scope !== 'activity:read_all' || params.accept_activity_read_all === '1'))];
    const code = token();
    codes.set(code, { athleteId: athlete.id, scope: granted.join(','), redirectUri: redirect.data, expiresAt: Date.now() + CODE_LIFETIME_MS });
    const back = new URL(redirect.data);
    back.searchParams.set('state', params.state ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('scope', granted.join(','));
    response.writeHead(302, { location: back.toString(), 'cache-control': 'no-store' });
    response.end();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const path = url.pathname;
    const body = await readBody(request);
    const params = paramsOf(url, body, request.headers['content-type']);
    if (path === '/oauth/authorize') return authorize(response, method, params);
    try {
      if (path.startsWith('/_local/')) {
        const [scheme, value] = (request.headers.authorization ?? '').split(' ', 2);
        if (scheme?.toLowerCase() !== 'bearer' || !sameSecret(value ?? '', clientSecret)) throw new StravaError(401, 'Send the client secret as a Bearer token');
        const answer = await control(method, path, body);
        return sendJson(response, answer.status, answer.body);
      }
      if (path === '/oauth/token' && method === 'POST') {
        try {
          const answer = oauthToken(params);
          requests.push({ method, path: `${path}#${params.grant_type}`, status: 200 });
          return sendJson(response, 200, answer);
        } catch (error) {
          if (error instanceof StravaError) requests.push({ method, path: `${path}#${params.grant_type}`, status: error.status });
          throw error;
        }
      }
      if (path === '/oauth/deauthorize' && method === 'POST') {
        // Strava wants a live access token here, as for the API: an expired one is a 401.
        const grant = accessTokens.get(params.access_token ?? '');
        const live = grant !== undefined && grant.expiresAt > Date.now() / 1000;
        requests.push({ method, path, status: live ? 200 : 401 });
        if (!live) throw authorizationError();
        revokeAthlete(grant.athleteId);
        return sendJson(response, 200, { access_token: params.access_token });
      }
      const subscriptionMatch = /^\/api\/v3\/push_subscriptions(?:\/(\d+))?$/.exec(path);
      if (subscriptionMatch) {
        const answer = await pushSubscriptions(method, subscriptionMatch[1], params);
        return sendJson(response, answer.status, answer.body);
      }
      if (path.startsWith('/api/v3/') && method === 'GET') {
        // An athlete's request: counted against the application's limits, answered with them.
        if (!countRequest()) {
          requests.push({ method, path, status: 429 });
          return sendJson(response, 429, { message: 'Rate Limit Exceeded', errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }] }, rateHeaders());
        }
        try {
          const answer = athleteApi(request, path, params);
          requests.push({ method, path, status: 200 });
          return sendJson(response, 200, answer, rateHeaders());
        } catch (error) {
          if (!(error instanceof StravaError)) throw error;
          requests.push({ method, path, status: error.status });
          return sendJson(response, error.status, { message: error.message, errors: error.errors }, rateHeaders());
        }
      }
      throw notFound('Resource');
    } catch (error) {
      if (error instanceof StravaError) return sendJson(response, error.status, { message: error.message, errors: error.errors });
      if (error instanceof z.ZodError) return sendJson(response, 400, { message: 'Bad Request', errors: [{ resource: 'Request', field: 'body', code: z.prettifyError(error).slice(0, 300) }] });
      if (error instanceof SyntaxError) return sendJson(response, 400, { message: 'Bad Request', errors: [{ resource: 'Request', field: 'body', code: 'not JSON' }] });
      throw error;
    }
  };

  const server = createServer((request, response) => {
    if (!acceptsLoopbackHost(request, response, 'Strava')) return;
    handle(request, response).catch((error: unknown) => {
      log(`Strava stand-in: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { message: 'The local Strava stand-in failed on this request; see its log.' });
      else response.end();
    });
  });

  const listener = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: listener.url,
    clientId,
    clientSecret,
    deliveries,
    idle: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    stop: async () => {
      await Promise.allSettled([...pending]);
      await listener.close();
    },
  };
}

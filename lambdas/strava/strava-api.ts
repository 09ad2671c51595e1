/**
 * The one place the functions talk to Strava (docs/strava.md): its OAuth endpoints, the athlete, activities and
 * streams of API v3, and push subscriptions, over fetch with every answer checked by zod (an outside payload is
 * never trusted). Strava has no official Node SDK; these few calls do not warrant a third-party wrapper.
 *
 * Variables (infra/lambda-environment.ts stravaEnvironment writes them):
 * - STRAVA_API_URL: Strava's origin for the API and the token exchange: https://www.strava.com in AWS, the local
 *   stand-in's (infra/local/strava/stand-in.ts) under `npm start`.
 * - STRAVA_AUTHORIZE_URL: the origin of the authorize page the browser is sent to (default STRAVA_API_URL).
 * - STRAVA_CLIENT_ID: the Strava application's id; without it Strava sync is not offered.
 * - STRAVA_CLIENT_SECRET, or in AWS STRAVA_CLIENT_SECRET_SECRET_NAME: the application's secret (Secrets Manager).
 *
 * Every answer's rate-limit headers are handed to `onRate` (X-RateLimit-Limit / -Usage: "<15 min>,<day>", and the
 * read-only X-ReadRateLimit-* pair when Strava sends it), so the sync worker can stop before Strava says 429.
 */
import * as z from 'zod';
import { logger } from '#lib/logger';
import { ttlCache } from '#lib/ttl-cache';
import { readSecretValue, type SecretReader } from '#lib/secrets';
import { StravaUnavailableError } from './strava-keys.ts';
import type { StravaTokens } from './token-crypto.ts';

const DEFAULT_ORIGIN = 'https://www.strava.com';
/** Under the routes' 10 s and the worker's own timeout, with room for the table. */
const REQUEST_TIMEOUT_MS = 8000;

export interface StravaSettings {
  readonly apiUrl: string;
  readonly authorizeUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

function origin(name: string, raw: string | undefined, fallback: string): string {
  const value = raw?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL`);
  return url.origin;
}

/** Whether this deployment has a Strava application at all (the page offers Connect only then). */
export function stravaConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.STRAVA_CLIENT_ID?.trim());
}

export async function loadStravaSettings(env: NodeJS.ProcessEnv = process.env, readSecret: SecretReader = readSecretValue): Promise<StravaSettings> {
  const clientId = env.STRAVA_CLIENT_ID?.trim();
  if (!clientId) throw new Error('STRAVA_CLIENT_ID is not set');
  const secretName = env.STRAVA_CLIENT_SECRET_SECRET_NAME?.trim();
  const clientSecret = secretName ? await readSecret(secretName) : env.STRAVA_CLIENT_SECRET?.trim();
  if (!clientSecret) throw new Error('Neither STRAVA_CLIENT_SECRET nor STRAVA_CLIENT_SECRET_SECRET_NAME is set');
  const apiUrl = origin('STRAVA_API_URL', env.STRAVA_API_URL, DEFAULT_ORIGIN);
  return { apiUrl, authorizeUrl: origin('STRAVA_AUTHORIZE_URL', env.STRAVA_AUTHORIZE_URL, apiUrl), clientId, clientSecret };
}

/** The settings, read once per container (a failed read is not kept, so the next call tries again). */
const settings = ttlCache(
  () =>
    loadStravaSettings().catch((error: unknown) => {
      logger.error('Strava is not configured', { error: error as Error });
      throw new StravaUnavailableError();
    }),
  Number.POSITIVE_INFINITY,
);
export const stravaSettings = (): Promise<StravaSettings> => settings.get();

/** Strava's ids are 64-bit: kept as decimal text. */
const StravaId = z.union([z.int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);

export const StravaAthleteSchema = z.object({ id: StravaId, firstname: z.string().nullish(), lastname: z.string().nullish(), username: z.string().nullish() });
export type StravaAthlete = z.output<typeof StravaAthleteSchema>;

export const TokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** Seconds since the epoch. */
  expires_at: z.int(),
  athlete: StravaAthleteSchema.optional(),
});
export type TokenAnswer = z.output<typeof TokenAnswerSchema>;

/** What RaceFinder reads of an activity (a SummaryActivity of the list, or a DetailedActivity). */
export const StravaActivitySchema = z.object({
  id: StravaId,
  name: z.string().nullish(),
  sport_type: z.string().nullish(),
  type: z.string().nullish(),
  start_date: z.iso.datetime({ offset: true }),
  /** Seconds east of UTC where it was recorded. */
  utc_offset: z.number().nullish(),
  distance: z.number().nonnegative(),
  moving_time: z.number().nonnegative(),
  elapsed_time: z.number().nonnegative(),
  total_elevation_gain: z.number().nullish(),
  average_heartrate: z.number().nullish(),
  athlete: z.object({ id: StravaId }).optional(),
});
export type StravaActivity = z.output<typeof StravaActivitySchema>;

const series = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) }).optional();
/** Streams asked for with key_by_type=true: one series per key, each sample at the same index. */
export const StravaStreamsSchema = z.object({
  time: series(z.number()),
  latlng: series(z.tuple([z.number(), z.number()])),
  altitude: series(z.number()),
  heartrate: series(z.number()),
  distance: series(z.number()),
});
export type StravaStreams = z.output<typeof StravaStreamsSchema>;

export const STREAM_KEYS = 'time,latlng,altitude,heartrate,distance';

/** One window's limit and use: Strava's 15-minute window and its day (UTC). */
export interface RateUsage {
  readonly limit15: number;
  readonly usage15: number;
  readonly limitDay: number;
  readonly usageDay: number;
}

function pair(raw: string | null): [number, number] | undefined {
  const [a, b] = (raw ?? '').split(',').map((part) => Number(part.trim()));
  return Number.isFinite(a) && Number.isFinite(b) ? [a!, b!] : undefined;
}

/** The tighter of the overall and the read limits an answer reports (Strava counts reads against both). */
export function rateUsageOf(headers: Headers): RateUsage | undefined {
  const found: RateUsage[] = [];
  for (const prefix of ['x-ratelimit', 'x-readratelimit']) {
    const limit = pair(headers.get(`${prefix}-limit`));
    const usage = pair(headers.get(`${prefix}-usage`));
    if (limit && usage) found.push({ limit15: limit[0], limitDay: limit[1], usage15: usage[0], usageDay: usage[1] });
  }
  const left = (usage: RateUsage) => Math.min(usage.limit15 - usage.usage15, usage.limitDay - usage.usageDay);
  return found.sort((a, b) => left(a) - left(b))[0];
}

/** Strava refused or failed a call: its status (429 for a rate limit, 401 for a revoked token, 404 for a gone activity). */
export class StravaApiError extends Error {
  override name = 'StravaApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly rate?: RateUsage,
  ) {
    super(message);
  }
}

export interface StravaCall {
  /** Told every answer's rate-limit headers. */
  readonly onRate?: (usage: RateUsage) => void | Promise<void>;
}

async function call<T extends z.ZodType>(schema: T, url: URL, init: RequestInit, options: StravaCall = {}): Promise<z.output<T>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const rate = rateUsageOf(response.headers);
  if (rate) await options.onRate?.(rate);
  const text = await response.text();
  if (!response.ok) {
    // Strava's error bodies name fields and codes, never tokens; the first 200 characters say enough in a log.
    throw new StravaApiError(response.status, `Strava answered ${response.status} to ${init.method ?? 'GET'} ${url.pathname}: ${text.slice(0, 200)}`, rate);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new StravaApiError(502, `Strava's answer to ${url.pathname} is not JSON`, rate);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new StravaApiError(502, `Strava's answer to ${url.pathname} is not what the API documents: ${z.prettifyError(parsed.error)}`, rate);
  return parsed.data;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } });

/** The authorize page's URL for one connection attempt. */
export function authorizeUrl(settings: StravaSettings, redirectUri: string, state: string, scope: string): string {
  const url = new URL('/oauth/authorize', settings.authorizeUrl);
  url.search = new URLSearchParams({ client_id: settings.clientId, redirect_uri: redirectUri, response_type: 'code', approval_prompt: 'auto', scope, state }).toString();
  return url.toString();
}

export function exchangeCode(settings: StravaSettings, code: string): Promise<TokenAnswer> {
  return call(TokenAnswerSchema, new URL('/oauth/token', settings.apiUrl), form({ client_id: settings.clientId, client_secret: settings.clientSecret, code, grant_type: 'authorization_code' }));
}

/** Refresh this long before the access token's expiry (Strava's last six hours; a request in flight must not see it lapse). */
const REFRESH_MARGIN_SECONDS = 300;

/** Whether an access token that expires at `expiresAt` (seconds since the epoch) can still be used now. */
export const accessTokenLive = (expiresAt: number, now: Date) => expiresAt - REFRESH_MARGIN_SECONDS > now.getTime() / 1000;

export function refreshTokens(settings: StravaSettings, refreshToken: string, options?: StravaCall): Promise<TokenAnswer> {
  return call(TokenAnswerSchema, new URL('/oauth/token', settings.apiUrl), form({ client_id: settings.clientId, client_secret: settings.clientSecret, refresh_token: refreshToken, grant_type: 'refresh_token' }), options);
}

/** Revokes every token of the athlete's; Strava takes only a live access token for it (accessTokenLive). */
export async function deauthorize(settings: StravaSettings, accessToken: string, options?: StravaCall): Promise<void> {
  await call(z.unknown(), new URL('/oauth/deauthorize', settings.apiUrl), form({ access_token: accessToken }), options);
}

/**
 * Takes RaceFinder off the athlete's Strava account with stored tokens (a disconnect, a deleted account): the access
 * token while it is live, else a fresh one from the refresh token first, since Strava takes only a live one.
 */
export async function deauthorizeWithStored(settings: StravaSettings, tokens: StravaTokens, expiresAt: number, now: Date, options?: StravaCall): Promise<void> {
  const accessToken = accessTokenLive(expiresAt, now) ? tokens.accessToken : (await refreshTokens(settings, tokens.refreshToken, options)).access_token;
  await deauthorize(settings, accessToken, options);
}

const api = (settings: StravaSettings, path: string, query: Record<string, string> = {}) => {
  const url = new URL(`/api/v3${path}`, settings.apiUrl);
  url.search = new URLSearchParams(query).toString();
  return url;
};

export function getAthlete(settings: StravaSettings, accessToken: string, options?: StravaCall): Promise<StravaAthlete> {
  return call(StravaAthleteSchema, api(settings, '/athlete'), bearer(accessToken), options);
}

/** One page of the athlete's activities that started after `after` (seconds), oldest first as Strava gives them with `after`. */
export function listActivities(settings: StravaSettings, accessToken: string, page: { after: number; page: number; perPage: number }, options?: StravaCall): Promise<StravaActivity[]> {
  const query = { after: String(page.after), page: String(page.page), per_page: String(page.perPage) };
  return call(z.array(StravaActivitySchema), api(settings, '/athlete/activities', query), bearer(accessToken), options);
}

export function getActivity(settings: StravaSettings, accessToken: string, id: string, options?: StravaCall): Promise<StravaActivity> {
  return call(StravaActivitySchema, api(settings, `/activities/${encodeURIComponent(id)}`), bearer(accessToken), options);
}

/** The activity's samples; a manual activity has none (Strava answers 404), which is an empty set here. */
export async function getStreams(settings: StravaSettings, accessToken: string, id: string, options?: StravaCall): Promise<StravaStreams> {
  try {
    return await call(StravaStreamsSchema, api(settings, `/activities/${encodeURIComponent(id)}/streams`, { keys: STREAM_KEYS, key_by_type: 'true' }), bearer(accessToken), options);
  } catch (error) {
    if (error instanceof StravaApiError && error.status === 404) return {};
    throw error;
  }
}

export const PushSubscriptionSchema = z.object({ id: z.int(), callback_url: z.string().optional() });

/** Creates the application's push subscription; Strava first checks the callback with its hub.challenge GET. */
export function createPushSubscription(settings: StravaSettings, callbackUrl: string, verifyToken: string): Promise<z.output<typeof PushSubscriptionSchema>> {
  return call(PushSubscriptionSchema, api(settings, '/push_subscriptions'), form({ client_id: settings.clientId, client_secret: settings.clientSecret, callback_url: callbackUrl, verify_token: verifyToken }));
}

export function listPushSubscriptions(settings: StravaSettings): Promise<z.output<typeof PushSubscriptionSchema>[]> {
  return call(z.array(PushSubscriptionSchema), api(settings, '/push_subscriptions', { client_id: settings.clientId, client_secret: settings.clientSecret }), {});
}

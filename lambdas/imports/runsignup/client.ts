/**
 * RunSignup's keyless race search (GET /Rest/races, https://runsignup.com/Api/races/GET), one page per call.
 *
 * Only hosts on the allow-list are fetched (RUNSIGNUP_ALLOWED_HOSTS, default runsignup.com; the local stack
 * adds its stand-in's 127.0.0.1), so a mistaken or injected base URL cannot turn the import into a fetcher of
 * arbitrary addresses. Each request has its own timeout; 429, 5xx, timeouts and network failures are retried
 * with backoff; the envelope is validated with zod, and what still fails is a PageFetchError naming the page.
 * The races themselves stay `unknown`: normalization validates each one on its own, so one bad race does not
 * cost the page.
 */
import * as z from 'zod';
import { backoff } from '#lib/backoff';
import type { RunSignupImportOptions } from '#shared/schemas/import-job';

export const RUNSIGNUP_DEFAULT_URL = 'https://runsignup.com';
export const RUNSIGNUP_DEFAULT_ALLOWED_HOSTS: readonly string[] = ['runsignup.com'];
/** RunSignup answers at most 1,000 races a page. */
export const RUNSIGNUP_MAX_PAGE_SIZE = 1000;

export type PageFetchErrorKind = 'host-not-allowed' | 'http' | 'timeout' | 'network' | 'bad-json' | 'bad-shape';

/** A page that could not be read, after the retries that made sense for its kind of failure. */
export class PageFetchError extends Error {
  override name = 'PageFetchError';
  constructor(
    readonly page: number,
    readonly kind: PageFetchErrorKind,
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(`RunSignup page ${page}: ${message}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`, options);
  }
}

/** The page envelope: `{ races: [ { race: {...} } ] }`; each race is checked later, one by one. */
const RacesPageSchema = z.object({ races: z.array(z.unknown()) });

export interface FetchPolicy {
  /** Per request. */
  readonly timeoutMs?: number;
  /** Attempts in all, the first included. */
  readonly attempts?: number;
  readonly backoffBaseMs?: number;
  readonly backoffMaxMs?: number;
}

export interface FetchRacesPageInput {
  readonly baseUrl: string;
  /** 1-based, as RunSignup counts. */
  readonly page: number;
  readonly resultsPerPage: number;
  readonly options: Pick<RunSignupImportOptions, 'state' | 'from' | 'to'>;
  readonly allowedHosts?: readonly string[];
  readonly policy?: FetchPolicy;
}

const DEFAULT_POLICY: Required<FetchPolicy> = { timeoutMs: 8000, attempts: 4, backoffBaseMs: 250, backoffMaxMs: 4000 };

/** The allow-list from the environment: comma-separated host names (no scheme, no port). */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const hosts = (env.RUNSIGNUP_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length > 0 ? hosts : RUNSIGNUP_DEFAULT_ALLOWED_HOSTS;
}

export function baseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.RUNSIGNUP_API_URL?.trim() || RUNSIGNUP_DEFAULT_URL;
}

/** The races URL of one page, as RunSignup documents its query parameters. */
export function racesPageUrl(input: Pick<FetchRacesPageInput, 'baseUrl' | 'page' | 'resultsPerPage' | 'options'>): URL {
  const url = new URL('/Rest/races', input.baseUrl);
  const query = url.searchParams;
  query.set('format', 'json');
  // Each race with its events (distances, start times, registration periods and fees).
  query.set('events', 'T');
  query.set('page', String(input.page));
  query.set('results_per_page', String(Math.min(input.resultsPerPage, RUNSIGNUP_MAX_PAGE_SIZE)));
  // A stable order, so that pages do not shift under a run while it walks them.
  query.set('sort', 'date ASC');
  query.set('start_date', input.options.from);
  query.set('end_date', input.options.to);
  if (input.options.state) query.set('state', input.options.state);
  return url;
}

function assertAllowed(url: URL, allowedHosts: readonly string[], page: number): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PageFetchError(page, 'host-not-allowed', `${url.protocol} URLs are not fetched`, 1);
  }
  // The host exactly, without a port: a look-alike (runsignup.com.evil.test) or a subdomain is not on the list.
  if (!allowedHosts.includes(url.hostname.toLowerCase())) {
    throw new PageFetchError(page, 'host-not-allowed', `${url.hostname} is not an allowed host`, 1);
  }
}

const retryableStatus = (status: number) => status === 429 || status >= 500;

/** One attempt: the parsed envelope, or a PageFetchError saying whether another attempt could help. */
async function attempt(url: URL, page: number, timeoutMs: number, attemptNumber: number): Promise<{ races: unknown[] } | { retry: PageFetchError } | { fail: PageFetchError }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      retry: new PageFetchError(page, timedOut ? 'timeout' : 'network', timedOut ? `no answer within ${timeoutMs} ms` : 'the request failed', attemptNumber, { cause: error }),
    };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { retry: new PageFetchError(page, 'timeout', `the body did not arrive within ${timeoutMs} ms`, attemptNumber, { cause: error }) };
  }
  if (!response.ok) {
    const failure = new PageFetchError(page, 'http', `HTTP ${response.status}`, attemptNumber);
    return retryableStatus(response.status) ? { retry: failure } : { fail: failure };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // A truncated body is retried once more like a network fault; a page that is never JSON ends as bad-json.
    return { retry: new PageFetchError(page, 'bad-json', 'the answer is not JSON', attemptNumber, { cause: error }) };
  }
  const parsed = RacesPageSchema.safeParse(json);
  if (!parsed.success) {
    // RunSignup answers a request it refuses with 200 and an error object: retrying asks the same again.
    const apiError = (json as { error?: { error_msg?: unknown } } | null)?.error?.error_msg;
    const message = typeof apiError === 'string' ? `RunSignup says: ${apiError.slice(0, 200)}` : 'the answer has no races list';
    return { fail: new PageFetchError(page, 'bad-shape', message, attemptNumber) };
  }
  return { races: parsed.data.races };
}

/** Fetches one page of races; throws PageFetchError when it cannot. */
export async function fetchRacesPage(input: FetchRacesPageInput): Promise<{ races: unknown[] }> {
  const policy = { ...DEFAULT_POLICY, ...input.policy };
  const url = racesPageUrl(input);
  assertAllowed(url, input.allowedHosts ?? allowedHostsFromEnv(), input.page);
  for (let n = 1; ; n += 1) {
    const result = await attempt(url, input.page, policy.timeoutMs, n);
    if ('races' in result) return result;
    if ('fail' in result) throw result.fail;
    if (n >= policy.attempts) throw result.retry;
    await backoff(n - 1, { baseMs: policy.backoffBaseMs, maxMs: policy.backoffMaxMs });
  }
}

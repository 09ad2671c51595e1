/**
 * The one place the handlers reach OpenAI: the official SDK's client, built from the environment. Variables
 * (infra/lambda-environment.ts openAiEnvironment writes them):
 *
 * - OPENAI_API_KEY: the key (locally the stand-in's, infra/local/openai/stand-in.ts).
 * - OPENAI_BASE_URL: set only off AWS: the local stand-in's /v1 URL; the SDK reads it itself.
 * - OPENAI_API_KEY_SECRET_NAME: in AWS, instead of the key, the Secrets Manager secret that holds it (deploy
 *   context openAiKeySecretName); read once per cold start, on first use.
 * - OPENAI_MODEL: the model (default below).
 *
 * With none of the key settings the coach is the offline coach (lambdas/data/coach-offline.ts), which says so.
 * The coach makes at most two calls (a tool round and its answer); each is retried on a passing failure
 * (callModel below), and all of them together end by a deadline under API Gateway's 30 s.
 */
import OpenAI from 'openai';
import { backoffDelay } from './backoff.ts';
import { logger } from './logger.ts';
import { readSecretValue, type SecretReader } from './secrets.ts';

export const DEFAULT_COACH_MODEL = 'gpt-4o-mini';
/** Per attempt: a reply takes a few seconds; one that takes longer than this is not coming. */
export const COACH_CALL_TIMEOUT_MS = 12_000;
/**
 * Every call and retry of one coach message ends within this, from when the model is first asked: the route's
 * function has 29 s (infra/route-needs.ts) and API Gateway 30 s, and the table work around the calls needs
 * the rest.
 */
export const COACH_MODEL_BUDGET_MS = 24_000;
/** Tries per call: the first and two retries. */
export const COACH_CALL_ATTEMPTS = 3;
/** An attempt with less time than this left would only time out: the error is answered instead. */
const MIN_ATTEMPT_MS = 3_000;
/** Honoured up to this; a longer Retry-After means the limit will not lift within the request. */
const MAX_RETRY_AFTER_MS = 5_000;
/** The token cap of a reply. */
export const COACH_MAX_COMPLETION_TOKENS = 600;

export interface CoachModel {
  readonly client: OpenAI;
  readonly model: string;
}

/** The configured model, or undefined when no key is configured (the offline coach answers then). */
export async function loadCoachModel(env: NodeJS.ProcessEnv = process.env, readSecret: SecretReader = readSecretValue): Promise<CoachModel | undefined> {
  const secretName = env.OPENAI_API_KEY_SECRET_NAME?.trim();
  const apiKey = secretName ? await readSecret(secretName) : env.OPENAI_API_KEY?.trim();
  if (!apiKey) return undefined;
  const baseURL = env.OPENAI_BASE_URL?.trim();
  return {
    // Retries are callModel's, which knows the deadline; the SDK's own would not.
    client: new OpenAI({ apiKey, ...(baseURL ? { baseURL } : {}), timeout: COACH_CALL_TIMEOUT_MS, maxRetries: 0 }),
    model: env.OPENAI_MODEL?.trim() || DEFAULT_COACH_MODEL,
  };
}

let loaded: Promise<CoachModel | undefined> | undefined;

/** The model, set up on first use; a secret that cannot be read is logged and means the offline coach, this time. */
export function coachModel(): Promise<CoachModel | undefined> {
  loaded ??= loadCoachModel().catch((error: unknown) => {
    loaded = undefined;
    logger.error('openai is not configured', { error: error as Error });
    return undefined;
  });
  return loaded;
}

/**
 * A failure that may pass: a connection reset, refused or timed out, a 408, 409 or 429 rate limit, or a 5xx.
 * Not a 429 for a spent quota (insufficient_quota: billing, not a moment's load), nor any other 4xx.
 */
export function isTransientModelError(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) return false;
  if (error.status === 429) return error.code !== 'insufficient_quota';
  return error.status === 408 || error.status === 409 || error.status >= 500;
}

/** The wait OpenAI asks for (retry-after-ms or retry-after seconds), when it asks. */
function retryAfterMs(error: unknown): number | undefined {
  const headers = error instanceof OpenAI.APIError ? error.headers : undefined;
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = Number(headers?.get('retry-after') ?? NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export interface CallModelOptions {
  /** Epoch ms by which the call, retries included, must have ended. */
  readonly deadline: number;
  readonly attempts?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one model call, given the time its attempt may take, again after a transient failure: with backoff (or
 * the wait OpenAI asks for, when short), as long as an attempt still fits before the deadline. Otherwise the
 * last error is thrown, for the caller to answer as the AI service's outage.
 */
export async function callModel<T>(call: (timeoutMs: number) => Promise<T>, { deadline, attempts = COACH_CALL_ATTEMPTS, sleep = wait }: CallModelOptions): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call(Math.min(COACH_CALL_TIMEOUT_MS, Math.max(0, deadline - Date.now())));
    } catch (error) {
      const asked = retryAfterMs(error);
      const delay = asked ?? backoffDelay(attempt, { baseMs: 500, maxMs: 4_000 });
      const retry =
        isTransientModelError(error) &&
        attempt + 1 < attempts &&
        (asked === undefined || asked <= MAX_RETRY_AFTER_MS) &&
        deadline - Date.now() - delay >= MIN_ATTEMPT_MS;
      if (!retry) throw error;
      logger.warn('model call failed, retrying', { attempt: attempt + 1, delayMs: Math.round(delay), error: error as Error });
      await sleep(delay);
    }
  }
}

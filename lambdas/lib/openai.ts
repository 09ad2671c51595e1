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
 * Calls time out well under API Gateway's 30 s, and the coach makes at most two (a tool round and its answer).
 */
import OpenAI from 'openai';
import { logger } from './logger.ts';
import { readSecretValue, type SecretReader } from './secrets.ts';

export const DEFAULT_COACH_MODEL = 'gpt-4o-mini';
/** Per call: two calls and the function's own work stay under API Gateway's 30 s. */
export const COACH_CALL_TIMEOUT_MS = 12_000;
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

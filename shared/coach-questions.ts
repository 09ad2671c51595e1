/**
 * What a coach question is about, read the same way by the offline coach (lambdas/data/coach-offline.ts) and
 * the local model (infra/local/openai/coach-replies.ts): "What should I do today?" is answered with today's
 * workout, not every figure there is.
 */
export const ASKS_ABOUT_TODAY = /\b(today|tonight|this (?:morning|afternoon|evening))\b|\bwhat should i (?:do|run)\b/i;

/** No defineEntity here: its own item is a daily counter (ADD, TTL); messages are declared in coach-history.ts. */
/**
 * The AI coach's conversation: the daily quota, the model (or the offline coach) grounded in the athlete's
 * context, at most one round of tool calls, and the chat history, per athlete.
 *
 * | item                  | PK          | SK                       | attributes                          |
 * | messages of a day     | USER#<sub>  | COACH#DAY#<YYYY-MM-DD>   | count (TTL 2 days)                  |
 *
 * The messages themselves are coach-history.ts's (apart, so reading the chat does not bundle the OpenAI SDK).
 *
 * The quota is reserved before the model is asked (an UpdateItem conditioned on the count), and given back if
 * the model fails, so a failure costs the athlete nothing and two tabs cannot both take the last message.
 *
 * Access patterns (docs/data-model.md): an athlete's messages today (table, PK = USER#<sub>, SK = COACH#DAY#<date>).
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { zodResponseFormat } from 'openai/helpers/zod';
import { monotonicFactory } from 'ulid';
import { todayInNewYork } from '#shared/dates';
import { COACH_DAILY_MESSAGES, CoachReplySchema, type CoachAction, type CoachExchange, type CoachMessage } from '#shared/schemas/coach';
import type { DistanceUnit } from '#shared/units';
import { table } from '#lib/kit/table';
import { ServiceUnavailableError, TooManyRequestsError } from '#lib/errors';
import { logger } from '#lib/logger';
import { COACH_MAX_COMPLETION_TOKENS, COACH_MODEL_BUDGET_MS, callModel, coachModel, type CoachModel } from '#lib/openai';
import { isConditionFailure } from '#lib/transactions';
import { ATHLETE_CONTEXT_MARKER, coachContext, type CoachContext } from './coach-context.ts';
import { putCoachMessage, recentCoachMessages } from './coach-history.ts';
import { asksForPlanChange, offlineReply } from './coach-offline.ts';
import { COACH_TOOL_DEFINITIONS, runCoachTool } from './coach-tools.ts';

/** Earlier messages the model sees: enough to follow a conversation, few enough to stay fast and cheap. */
const HISTORY_MESSAGES = 10;
const ulid = monotonicFactory();
const userPk = (sub: string) => `USER#${sub}`;
const dayKey = (sub: string, day: string) => ({ PK: userPk(sub), SK: `COACH#DAY#${day}` });
/** Tool calls acted on per message: one message, at most two actions. */
const MAX_TOOL_CALLS = 2;

export const COACH_UNAVAILABLE = 'AI service temporarily unavailable. Please try again in a moment.';

const SYSTEM_PROMPT = [
  "You are RaceFinder's running coach. Answer in a few short, warm, practical sentences.",
  "Ground every answer in the athlete's own numbers from the context below, in their units; never invent numbers.",
  'You may act only through the tools: log a workout the athlete says they did, set a goal they ask for, or propose a plan change. ',
  'A plan change is only a proposal the athlete reviews; say so. If a tool refuses, explain why in plain words.',
  'For pain or injury, advise seeing a professional. Answer as JSON with the reply in "reply".',
].join(' ');

/** Takes one of today's messages; a 429 when they are used up. Returns how many are left. */
async function reserveMessage(sub: string, day: string, now: Date): Promise<number> {
  try {
    const { Attributes } = await table.update({
      Key: dayKey(sub, day),
      UpdateExpression: 'ADD #count :one SET expiresAt = :expires',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':limit': COACH_DAILY_MESSAGES, ':expires': Math.floor(now.getTime() / 1000) + 2 * 86_400 },
      ReturnValues: 'UPDATED_NEW',
    });
    return COACH_DAILY_MESSAGES - Number(Attributes?.count ?? COACH_DAILY_MESSAGES);
  } catch (error) {
    if (isConditionFailure(error)) {
      throw new TooManyRequestsError(`You have sent the coach ${COACH_DAILY_MESSAGES} messages today, the daily limit. Your messages reset at midnight (New York time).`);
    }
    throw error;
  }
}

async function giveBack(sub: string, day: string): Promise<void> {
  await table.update({ Key: dayKey(sub, day), UpdateExpression: 'ADD #count :minus', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':minus': -1 } });
}

/** The model's reply: one completion, and when it calls tools, their results and a second completion. */
async function modelReply(model: CoachModel, sub: string, context: CoachContext, history: readonly CoachMessage[], text: string, now: Date) {
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: `${SYSTEM_PROMPT}\n${ATHLETE_CONTEXT_MARKER}\n${JSON.stringify(context)}` },
    ...history.map((message): ChatCompletionMessageParam => ({ role: message.role, content: message.content })),
    { role: 'user', content: text },
  ];
  const request = { model: model.model, response_format: zodResponseFormat(CoachReplySchema, 'coach_reply'), max_completion_tokens: COACH_MAX_COMPLETION_TOKENS };
  // One deadline for both calls and their retries, so the answer (or the 503) comes inside the route's time.
  const deadline = Date.now() + COACH_MODEL_BUDGET_MS;
  const complete = (toolChoice: 'auto' | 'none') =>
    callModel(
      (timeout) => model.client.chat.completions.create({ ...request, messages, tools: COACH_TOOL_DEFINITIONS, tool_choice: toolChoice }, { timeout }),
      { deadline },
    );
  let completion = await complete('auto');
  const actions: CoachAction[] = [];
  const calls = (completion.choices[0]?.message.tool_calls ?? []).filter((call) => call.type === 'function');
  if (calls.length > 0) {
    messages.push(completion.choices[0]!.message);
    for (const [index, call] of calls.entries()) {
      const result = index < MAX_TOOL_CALLS ? await runCoachTool(sub, call.function.name, call.function.arguments, context.today, now, context.units) : undefined;
      if (result) actions.push(result);
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result ?? { ok: false, summary: 'Only two actions per message.' }) });
    }
    completion = await complete('none');
  }
  const content = completion.choices[0]?.message.content ?? '';
  let reply: string;
  try {
    reply = CoachReplySchema.parse(JSON.parse(content)).reply;
  } catch {
    logger.warn('coach reply did not match its schema', { content: content.slice(0, 200) });
    throw new ServiceUnavailableError(COACH_UNAVAILABLE);
  }
  return { reply, actions };
}

async function offlineAnswer(sub: string, context: CoachContext, text: string, now: Date) {
  const action = context.activePlan && asksForPlanChange(text) ? await runCoachTool(sub, 'propose_plan_change', JSON.stringify({ reason: text.slice(0, 300) }), context.today, now, context.units) : undefined;
  return { reply: offlineReply(context, action, text), actions: action ? [action] : [] };
}

/** Asks the coach: quota, context, model or offline coach, and the exchange stored in the athlete's history. */
export async function askCoach(sub: string, units: DistanceUnit, text: string, now: Date = new Date()): Promise<CoachExchange> {
  const day = todayInNewYork(now);
  const remainingToday = await reserveMessage(sub, day, now);
  const model = await coachModel();
  let answer: { reply: string; actions: CoachAction[] };
  try {
    const [context, history] = await Promise.all([coachContext(sub, units, now), recentCoachMessages(sub, HISTORY_MESSAGES)]);
    answer = model ? await modelReply(model, sub, context, history, text, now) : await offlineAnswer(sub, context, text, now);
  } catch (error) {
    await giveBack(sub, day).catch(() => undefined);
    if (error instanceof ServiceUnavailableError) throw error;
    // The model's failures (timeouts, 5xx, rate limits) are the AI service's, not the athlete's: a 503 to retry.
    if (error instanceof OpenAI.APIError) {
      logger.error('coach model failed', { error });
      throw new ServiceUnavailableError(COACH_UNAVAILABLE);
    }
    throw error;
  }
  const message: CoachMessage = { id: ulid(now.getTime()), role: 'user', content: text, createdAt: now.toISOString() };
  const reply: CoachMessage = {
    id: ulid(now.getTime()),
    role: 'assistant',
    content: answer.reply,
    createdAt: now.toISOString(),
    ...(model ? {} : { offline: true }),
    ...(answer.actions.length ? { actions: answer.actions } : {}),
  };
  await Promise.all([message, reply].map((entry) => putCoachMessage(sub, entry)));
  return { message, reply, remainingToday };
}

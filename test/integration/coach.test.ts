/**
 * The AI coach through the local stack, with the official `openai` SDK talking to the local OpenAI stand-in:
 * the context sent holds the athlete's own logs, the reply cites their numbers, tools act through the same
 * rules (a plan change that breaks one is refused), the daily quota, an AI failure that costs nothing, the
 * history kept per athlete, and the offline coach when no key is configured.
 */
import { inject } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, onTestFinished } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { COACH_DAILY_MESSAGES, CoachExchangeSchema, CoachMessagesPageSchema } from '#shared/schemas/coach';
import { TrainingLogsPageSchema } from '#shared/schemas/training-log';
import { TrainingLoadSchema } from '#shared/schemas/training-load';
import { workoutLoadTenths } from '#shared/training/training-load';
import { TrainingPlanSchema } from '#shared/schemas/training-plans';
import { db, tableName } from '#lib/dynamo';
import { askCoach } from '#data/coach';
import { COACH_CALL_ATTEMPTS } from '#lib/openai';
import { createTrainingLog } from '#data/training-log';
import { api, newUser } from '../support/local-api.ts';

const today = todayInNewYork();
const openai = () => inject('localStack').openai;

async function athlete(prefix: string, units: 'km' | 'mi' = 'km'): Promise<{ token: string; sub: string }> {
  const { token } = await newUser(prefix);
  const me = await api('PATCH', '/api/me', { token, body: { units } });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  return { token, sub: (me.body as { id: string }).id };
}

async function ask(token: string, message: string) {
  const response = await api('POST', '/api/me/coach/messages', { token, body: { message } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return CoachExchangeSchema.parse(response.body);
}

async function standIn(path: string, init: RequestInit = {}) {
  const { url, apiKey } = openai();
  const response = await fetch(`${url.replace(/\/v1$/, '')}${path}`, { ...init, headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' } });
  return response.json() as Promise<unknown>;
}

describe('the AI coach', () => {
  it("sends the model the athlete's own context and cites their numbers; the chat is kept and paged", async () => {
    const { token, sub } = await athlete('coach-context');
    await createTrainingLog(sub, { activityType: 'running', distanceKm: 8.4, durationMinutes: 46, effortLevel: 5, logDate: today });
    await createTrainingLog(sub, { activityType: 'cycling', distanceKm: 30, durationMinutes: 75, logDate: today });
    const exchange = await ask(token, 'How is my training going this week?');
    expect(exchange.message).toMatchObject({ role: 'user', content: 'How is my training going this week?' });
    expect(exchange.reply.role).toBe('assistant');
    expect(exchange.reply.offline).toBeUndefined();
    expect(exchange.reply.content).toContain('2 workouts');
    expect(exchange.reply.content).toContain('38.4 km');
    expect(exchange.remainingToday).toBe(COACH_DAILY_MESSAGES - 1);

    const { requests } = (await standIn('/_local/requests')) as { requests: { messages: { role: string; content: string }[] }[] };
    const sent = [...requests].reverse().find((request) => request.messages.some((message) => message.content === 'How is my training going this week?'))!;
    const system = sent.messages.find((message) => message.role === 'system')!.content;
    const context = JSON.parse(system.slice(system.indexOf('ATHLETE CONTEXT (JSON):') + 'ATHLETE CONTEXT (JSON):'.length)) as { recentLogs: { distanceKm?: number }[]; units: string };
    expect(context.units).toBe('km');
    expect(context.recentLogs.map((log) => log.distanceKm).sort()).toEqual([30, 8.4]);
    // Training load: the figures the dashboard shows for today, sent and cited.
    const load = TrainingLoadSchema.parse((await api('GET', '/api/me/training-load', { token })).body).days.at(-1)!;
    expect(load.load).toBe((workoutLoadTenths({ durationMinutes: 46, effortLevel: 5 }) + workoutLoadTenths({ durationMinutes: 75 })) / 10);
    expect((context as unknown as { trainingLoad: unknown }).trainingLoad).toMatchObject({ fitness: load.fitness, fatigue: load.fatigue, form: load.form });
    expect(exchange.reply.content).toContain(`fitness at ${Math.round(load.fitness)}, fatigue at ${Math.round(load.fatigue)} and form at ${Math.round(load.form)}`);

    const history = CoachMessagesPageSchema.parse((await api('GET', '/api/me/coach/messages', { token })).body);
    expect(history.items.map((message) => message.role)).toEqual(['assistant', 'user']);
    const other = await athlete('coach-other');
    expect(CoachMessagesPageSchema.parse((await api('GET', '/api/me/coach/messages', { token: other.token })).body).items).toEqual([]);
  });

  it('logs a workout through its tool, in the athlete’s units, and the journal has it', async () => {
    const { token } = await athlete('coach-log', 'mi');
    const exchange = await ask(token, 'Please log a 5 mile run today, 45 minutes, effort 4');
    expect(exchange.reply.actions).toEqual([expect.objectContaining({ kind: 'log_workout', ok: true, logId: expect.any(String) })]);
    expect(exchange.reply.actions![0]!.summary).toMatch(/, 5(\.0)? mi, 45 min on /);
    const journal = TrainingLogsPageSchema.parse((await api('GET', '/api/me/training-logs', { token })).body);
    expect(journal.items).toEqual([expect.objectContaining({ id: exchange.reply.actions![0]!.logId, activityType: 'running', distanceKm: 8.05, durationMinutes: 45, effortLevel: 4, logDate: today })]);
  });

  it('proposes plan changes only through the rules: a rule-breaking long run is refused, an adjustment waits for consent', async () => {
    const { token } = await athlete('coach-plan');
    const created = TrainingPlanSchema.parse((await api('POST', '/api/me/training-plans', { token, body: { raceDistance: 'half', weeks: 12, level: 'intermediate', daysPerWeek: 4 } })).body);
    await api('POST', `/api/me/training-plans/${created.id}/start`, { token });

    const refused = await ask(token, 'Change my long run to 45 km');
    expect(refused.reply.actions).toEqual([expect.objectContaining({ kind: 'propose_plan_change', ok: false })]);
    expect(refused.reply.actions![0]!.summary).toMatch(/Rule \d/);
    expect(refused.reply.content).toMatch(/could not/i);

    // A change to what the plan already says is no proposal.
    const nextLong = created.plan.weeks.flatMap((week) => week.workouts).find((workout) => workout.type === 'long_run' && workout.date >= today)!;
    const same = await ask(token, `Change my long run to ${nextLong.distanceKm} km`);
    expect(same.reply.actions).toEqual([expect.objectContaining({ kind: 'propose_plan_change', ok: false })]);
    expect(same.reply.actions![0]!.summary).toMatch(/^Your plan already fits: nothing would change\./);
    expect(same.reply.actions![0]).not.toHaveProperty('adjustmentId');

    // Nothing was missed (a plan starts on the coming Sunday) and a rebuild asking nothing new is the same plan: no proposal.
    const early = await ask(token, 'I missed some workouts, please adjust my plan');
    expect(early.reply.actions).toEqual([expect.objectContaining({ kind: 'propose_plan_change', ok: false })]);
    expect(early.reply.actions![0]!.summary).toMatch(/^Your plan already fits: nothing would change\./);

    const proposed = await ask(token, 'Make my plan 3 days a week');
    const action = proposed.reply.actions![0]!;
    expect(action).toMatchObject({ kind: 'propose_plan_change', ok: true, planId: created.id, adjustmentId: expect.any(String) });
    // Nothing changes until the athlete accepts.
    expect(TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${created.id}`, { token })).body).plan).toEqual(created.plan);
    expect((await api('POST', `/api/me/training-plans/${created.id}/adjustments/${action.adjustmentId}/accept`, { token })).status).toBe(200);
  });

  it('retries a model call that failed for a moment (a 5xx, a 429) and answers, one message spent', async () => {
    const { token } = await athlete('coach-retry');
    const received = async () => ((await standIn('/_local/requests')) as { requests: unknown[] }).requests.length;
    for (const kind of ['server_error', 'rate_limit']) {
      const before = await received();
      await standIn('/_local/fail-next', { method: 'POST', body: JSON.stringify({ kind, count: 1 }) });
      const exchange = await ask(token, 'How far should my long run be?');
      expect(exchange.reply.offline, kind).toBeUndefined();
      expect(exchange.reply.content.length, kind).toBeGreaterThan(0);
      // The failed call and its retry (the stand-in keeps the bodies of the calls it answered and refused alike).
      expect(await received(), kind).toBeGreaterThanOrEqual(before + 2);
    }
    expect((await ask(token, 'And the week after?')).remainingToday).toBe(COACH_DAILY_MESSAGES - 3);
  });

  it('stops at the daily quota with a clear 429, and an AI failure is a 503 that costs no message', async () => {
    const { token, sub } = await athlete('coach-quota');
    // More failures in a row than the coach retries (lambdas/lib/openai.ts): the outage is the AI service's.
    await standIn('/_local/fail-next', { method: 'POST', body: JSON.stringify({ kind: 'server_error', count: COACH_CALL_ATTEMPTS }) });
    const failed = await api('POST', '/api/me/coach/messages', { token, body: { message: 'How far should my long run be?' } });
    expect(failed.status).toBe(503);
    expect(JSON.stringify(failed.body)).toContain('AI service temporarily unavailable. Please try again in a moment.');
    expect((await ask(token, 'How far should my long run be?')).remainingToday).toBe(COACH_DAILY_MESSAGES - 1);

    await db.send(
      new UpdateCommand({ TableName: tableName, Key: { PK: `USER#${sub}`, SK: `COACH#DAY#${today}` }, UpdateExpression: 'SET #count = :limit', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':limit': COACH_DAILY_MESSAGES } }),
    );
    const limited = await api('POST', '/api/me/coach/messages', { token, body: { message: 'One more?' } });
    expect(limited.status).toBe(429);
    expect(JSON.stringify(limited.body)).toContain(`${COACH_DAILY_MESSAGES} messages today`);
    expect(CoachMessagesPageSchema.parse((await api('GET', '/api/me/coach/messages', { token })).body).items.map((message) => message.content)).not.toContain('One more?');

    const empty = await api('POST', '/api/me/coach/messages', { token, body: { message: '   ' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Please write a message');
  });

  it('answers as the offline coach, from the same data, when no key is configured', async () => {
    // The stack's handlers have the stand-in's settings; this call in the test's own process has none.
    const settings = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    onTestFinished(() => {
      Object.assign(process.env, settings.key ? { OPENAI_API_KEY: settings.key } : {}, settings.url ? { OPENAI_BASE_URL: settings.url } : {});
    });
    const { sub } = await athlete('coach-offline');
    await createTrainingLog(sub, { activityType: 'running', distanceKm: 12, durationMinutes: 66, logDate: today });
    const exchange = await askCoach(sub, 'km', 'How am I doing?');
    expect(exchange.reply.offline).toBe(true);
    expect(exchange.reply.content).toMatch(/^\(Offline coach/);
    expect(exchange.reply.content).toContain('1 workout and 12 km');
  });
});

/**
 * The local OpenAI stand-in driven by the official `openai` SDK, as the AI coach will drive it: answers that
 * cite the athlete's own figures in their units, structured outputs through zodResponseFormat, tool calls
 * read from the athlete's sentence, reports of tool results, OpenAI's error classes, injected failures and the
 * `_local` control surface.
 */
import OpenAI from 'openai';
import { LengthFinishReasonError } from 'openai/core/error';
import { zodFunction, zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ATHLETE_CONTEXT_MARKER, LOCAL_OPENAI_KEY, startOpenAiStandIn, type OpenAiStandIn } from '../../../infra/local/openai/stand-in.ts';

let standIn: OpenAiStandIn;
let client: OpenAI;
const logged: string[] = [];

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ log: (line) => logged.push(line) });
  client = new OpenAI({ apiKey: standIn.apiKey, baseURL: standIn.url, maxRetries: 0, timeout: 5_000 });
});
afterAll(() => standIn.stop());
beforeEach(() => standIn.reset());

const MODEL = 'gpt-4o-mini';

/** Saturday 14 June 2025; every figure below is one the replies may cite. */
const CONTEXT = {
  units: 'km',
  today: '2025-06-14',
  goal: { title: 'Weekly distance', kind: 'weekly_distance', target: 30, current: 18.2, progressPercent: 61 },
  activePlan: {
    name: 'Half Marathon Build',
    raceDistance: 'half marathon',
    raceDate: '2025-09-21',
    thisWeek: {
      phase: 'build',
      plannedKm: 32,
      workouts: [
        { date: '2025-06-10', type: 'easy run', distanceKm: 6, description: 'Conversational pace', completed: true },
        { date: '2025-06-12', type: 'tempo run', distanceKm: 8, description: 'Steady middle section', completed: false },
        { date: '2025-06-14', type: 'long run', distanceKm: 14, description: 'Easy effort throughout', completed: false },
        { date: '2025-06-15', type: 'rest', distanceKm: 0, description: 'Rest day', completed: false },
      ],
    },
    missedWorkouts: 1,
  },
  thisWeek: { workouts: 3, distanceKm: 18.2, durationMinutes: 110, runs: 3 },
  last4Weeks: [
    { weekStart: '2025-05-19', workouts: 4, distanceKm: 19.8 },
    { weekStart: '2025-05-26', workouts: 3, distanceKm: 22 },
    { weekStart: '2025-06-02', workouts: 4, distanceKm: 24.4 },
    { weekStart: '2025-06-09', workouts: 3, distanceKm: 18.2 },
  ],
  recentLogs: [{ logDate: '2025-06-13', activityType: 'running', distanceKm: 8, durationMinutes: 45, effortLevel: 6 }],
};
/** The figures the km context gives (the 4-week average of 21.1 km and the count of 4 weeks included). */
const CONTEXT_NUMBERS = [3, 18.2, 110, 4, 21.1, 14, 32, 1, 61, 30, 8, 45, 6];

const system = (context: unknown = CONTEXT, role: 'system' | 'developer' = 'system'): ChatCompletionMessageParam => ({
  role,
  content: `You are RaceFinder's running coach. Be brief.\n${ATHLETE_CONTEXT_MARKER}\n${JSON.stringify(context, null, 2)}`,
});

/** Numbers in a reply, ISO dates left out (they are cited whole from the context). */
const numbersIn = (text: string) => (text.replace(/\d{4}-\d{2}-\d{2}/g, '').match(/\d+(?:\.\d+)?/g) ?? []).map(Number);

async function ask(question: string, extra: Partial<ChatCompletionCreateParamsNonStreaming> = {}, context: unknown = CONTEXT) {
  return client.chat.completions.create({ model: MODEL, messages: [system(context), { role: 'user', content: question }], ...extra });
}

async function reply(question: string, context: unknown = CONTEXT): Promise<string> {
  const completion = await ask(question, {}, context);
  return completion.choices[0]!.message.content ?? '';
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('answers through the official SDK', () => {
  it("answers in OpenAI's chat.completion format with estimated usage", async () => {
    const completion = await ask('How is my training going?');
    expect(completion).toMatchObject({ object: 'chat.completion', model: MODEL, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', refusal: null } }] });
    expect(completion.id).toMatch(/^chatcmpl-[A-Za-z0-9]+$/);
    expect(Math.abs(completion.created - Date.now() / 1000)).toBeLessThan(60);
    const content = completion.choices[0]!.message.content!;
    expect(completion.usage).toMatchObject({ completion_tokens: Math.ceil(content.length / 4) });
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(Math.ceil(JSON.stringify(CONTEXT).length / 4) - 1);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
    expect(completion._request_id).toMatch(/^req_/);
  });

  it("cites the athlete's own numbers from the context, and no others", async () => {
    const text = await reply('How is my training going this week?');
    expect(text).toContain('This week you have logged 3 workouts and 18.2 km over 110 minutes.');
    expect(text).toContain('Over the last 4 weeks you averaged 21.1 km a week.');
    expect(text).toContain('Today your plan (Half Marathon Build) has a long run of 14 km (Easy effort throughout).');
    expect(text).toContain('This is a build week with 32 km planned.');
    expect(text).toContain('Your goal "Weekly distance" is at 61% (18.2 of 30 km).');
    expect(text).toContain('2025-09-21');
    for (const number of numbersIn(text)) expect(CONTEXT_NUMBERS).toContain(number);
  });

  it.each([
    ['Should I take a rest day? My legs are tired', 'Recovery'],
    ['How do I get my pace faster?', 'quality session'],
    ['Any tips for my long run?', 'long run'],
    ['How should I taper before the race?', 'taper'],
    ['My knee hurts when I run, what do I do?', 'professional'],
    ['What should I eat before a workout? Nutrition tips?', 'carbohydrate'],
    ["I can't find the motivation lately", 'Motivation'],
    ['Hello coach!', 'Consistency'],
  ])('answers "%s" with advice that mentions "%s" and adds no figures of its own', async (question, advice) => {
    const text = await reply(question);
    expect(text).toContain(advice);
    for (const number of numbersIn(text)) expect(CONTEXT_NUMBERS).toContain(number);
  });

  it("answers 'What should I do today?' with today's workout first, not the week's figures", async () => {
    const text = await reply('What should I do today?');
    expect(text).toMatch(/^Today your plan \(Half Marathon Build\) has a long run of 14 km/);
    expect(text).not.toContain('18.2 km');
    const noPlan = await reply('What should I do today?', { ...CONTEXT, activePlan: undefined });
    expect(noPlan).toMatch(/^You have no plan started, so nothing is scheduled today/);
  });

  it("answers in miles when the athlete's units are mi", async () => {
    const text = await reply('How is my week going?', { ...CONTEXT, units: 'mi' });
    expect(text).toContain('3 workouts and 11.3 mi');
    expect(text).toContain('you averaged 13.1 mi a week');
    expect(text).toContain('a long run of 8.7 mi');
    expect(text).toContain('19.9 mi planned');
    expect(text).toContain('(11.3 of 18.6 mi)');
    expect(text).not.toMatch(/\bkm\b/);
  });

  it('reads the context from a developer message and forgives a malformed field', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [system({ ...CONTEXT, thisWeek: { workouts: 'three', distanceKm: 18.2 }, goal: 'none' }, 'developer'), { role: 'user', content: 'How far have I run?' }],
    });
    const text = completion.choices[0]!.message.content!;
    expect(text).toContain('This week you have covered 18.2 km.');
    expect(text).not.toContain('Your goal');
  });

  it('answers without numbers when there is no context, or it does not parse', async () => {
    for (const messages of [
      [{ role: 'user', content: 'How am I doing?' }],
      [{ role: 'system', content: `${ATHLETE_CONTEXT_MARKER}\n{ not json` }, { role: 'user', content: 'How am I doing?' }],
    ] as ChatCompletionMessageParam[][]) {
      const text = (await client.chat.completions.create({ model: MODEL, messages })).choices[0]!.message.content!;
      expect(text).toContain('I cannot see your training log right now');
      expect(numbersIn(text)).toEqual([]);
    }
  });

  it('gives the same answer to the same request', async () => {
    const [first, second] = await Promise.all([reply('Any tips for my long run?'), reply('Any tips for my long run?')]);
    expect(second).toBe(first);
  });

  it('streams the same answer as chunks, with usage when asked', async () => {
    const plain = await reply('How is my training going?');
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [system(), { role: 'user', content: 'How is my training going?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(plain);
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBe(Math.ceil(plain.length / 4));
  });
});

describe('structured outputs', () => {
  it('fills a zodResponseFormat schema that chat.completions.parse parses', async () => {
    const CoachReply = z.object({ reply: z.string(), suggestions: z.array(z.string()) });
    const completion = await client.chat.completions.parse({
      model: MODEL,
      messages: [system(), { role: 'user', content: 'How is my week going?' }],
      response_format: zodResponseFormat(CoachReply, 'coach_reply'),
    });
    const parsed = completion.choices[0]!.message.parsed;
    expect(parsed).not.toBeNull();
    expect(parsed!.reply).toContain('This week you have logged 3 workouts and 18.2 km');
    expect(parsed!.suggestions).toEqual([]);
    // What the SDK sent: zod 4's toJSONSchema made strict by the SDK.
    expect(standIn.requests.at(-1)).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { name: 'coach_reply', strict: true, schema: { required: ['reply', 'suggestions'], additionalProperties: false } } },
    });
  });

  it('fills nested objects, enums, nullables, integers with a minimum and arrays that need items', async () => {
    const Schema = z.object({
      summary: z.object({ headline: z.string(), message: z.string() }),
      mood: z.enum(['steady', 'tired', 'fresh']),
      nextRestDay: z.string().nullable(),
      sessions: z.number().int().min(2).max(7),
      load: z.number(),
      onTrack: z.boolean(),
      tips: z.array(z.object({ title: z.string(), minutes: z.number().int() })).min(1),
    });
    const completion = await client.chat.completions.parse({
      model: MODEL,
      messages: [system(), { role: 'user', content: 'Sum up my week' }],
      response_format: zodResponseFormat(Schema, 'week_summary'),
    });
    const parsed = completion.choices[0]!.message.parsed!;
    expect(Schema.parse(parsed)).toEqual(parsed);
    expect(parsed).toMatchObject({ summary: { headline: '' }, mood: 'steady', nextRestDay: null, sessions: 2, load: 0, onTrack: false, tips: [{ title: '', minutes: 0 }] });
    // No reply/message/text at the top: the first required string on the way down takes it.
    expect(parsed.summary.message).toContain('This week you have logged 3 workouts');
  });

  it('fills a hand-written json_schema (first required string, anyOf null, $ref into definitions)', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [system(), { role: 'user', content: 'How is my week?' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'coach',
          strict: true,
          schema: {
            type: 'object',
            properties: {
              verdict: { type: 'string', enum: ['good', 'bad'] },
              answer_text: { type: 'string' },
              focus: { anyOf: [{ $ref: '#/definitions/focus' }, { type: 'null' }] },
              week: { $ref: '#/definitions/week' },
            },
            required: ['verdict', 'answer_text', 'focus', 'week'],
            additionalProperties: false,
            definitions: {
              focus: { type: 'string' },
              week: { type: 'object', properties: { score: { type: 'number', exclusiveMinimum: 0 } }, required: ['score'], additionalProperties: false },
            },
          },
        },
      },
    });
    const content = JSON.parse(completion.choices[0]!.message.content!) as Record<string, unknown>;
    expect(content).toEqual({ verdict: 'good', answer_text: expect.stringContaining('18.2 km') as string, focus: null, week: { score: 0.1 } });
  });

  it('answers a text format as plain content and json_object as a JSON object', async () => {
    const text = await ask('How is my week?', { response_format: { type: 'text' } });
    expect(text.choices[0]!.message.content).toMatch(/^This week you have logged/);
    const json = await ask('How is my week? Answer in JSON.', { response_format: { type: 'json_object' } });
    expect(JSON.parse(json.choices[0]!.message.content!)).toEqual({ reply: expect.stringContaining('3 workouts') as string });
  });
});

describe('max_completion_tokens', () => {
  it('truncates the content to that many tokens (4 characters each) and finishes with length', async () => {
    const full = (await ask('How is my week?')).choices[0]!.message.content!;
    const completion = await ask('How is my week?', { max_completion_tokens: 10 });
    expect(completion.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: full.slice(0, 40) } });
    expect(completion.usage?.completion_tokens).toBe(10);
    const legacy = await ask('How is my week?', { max_tokens: 5 });
    expect(legacy.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: full.slice(0, 20) } });
    const roomy = await ask('How is my week?', { max_completion_tokens: 10_000 });
    expect(roomy.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: full } });
  });

  it('makes parse() throw LengthFinishReasonError on truncated structured output, as OpenAI does', async () => {
    const error = await caught(
      client.chat.completions.parse({
        model: MODEL,
        messages: [system(), { role: 'user', content: 'How is my week?' }],
        response_format: zodResponseFormat(z.object({ reply: z.string() }), 'coach_reply'),
        max_completion_tokens: 8,
      }),
    );
    expect(error).toBeInstanceOf(LengthFinishReasonError);
  });
});

/** The coach's tools as an app would declare them in plain JSON Schema (optional arguments may be left out). */
const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'log_workout',
      description: 'Log a workout in the athlete’s training log',
      parameters: {
        type: 'object',
        properties: {
          activityType: { type: 'string', enum: ['running', 'cycling', 'swimming', 'strength', 'yoga', 'other'] },
          distanceKm: { type: 'number' },
          durationMinutes: { type: 'integer' },
          effortLevel: { type: 'integer', minimum: 1, maximum: 10 },
          logDate: { type: 'string' },
          notes: { type: 'string' },
        },
        required: ['activityType', 'logDate'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'set_goal',
      parameters: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          description: { type: 'string' },
          kind: { type: 'string', enum: ['weekly_distance', 'weekly_workouts', 'total_distance', 'custom'] },
          target: { type: 'number' },
          deadline: { type: 'string' },
        },
        required: ['title', 'description', 'kind'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'propose_plan_change',
      parameters: {
        type: 'object',
        properties: {
          reason: { type: 'string' },
          changes: {
            type: 'object',
            properties: {
              daysPerWeek: { type: 'integer' },
              longRunDay: { type: 'string', enum: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] },
              raceDate: { type: 'string' },
              level: { type: 'string' },
              longRunKm: { type: 'number' },
            },
            additionalProperties: false,
          },
        },
        required: ['reason', 'changes'],
        additionalProperties: false,
      },
    },
  },
];

async function toolCallFor(sentence: string, context: unknown = CONTEXT, tools: ChatCompletionTool[] = TOOLS) {
  const completion = await client.chat.completions.create({ model: MODEL, messages: [system(context), { role: 'user', content: sentence }], tools });
  const choice = completion.choices[0]!;
  const call = choice.message.tool_calls?.[0];
  return { choice, call: call?.type === 'function' ? call : undefined };
}

describe('tool calls', () => {
  it.each([
    ['log a 5 km run today, 30 minutes, felt like a 4', 'log_workout', { activityType: 'running', distanceKm: 5, durationMinutes: 30, effortLevel: 4, logDate: '2025-06-14' }],
    ['Please log a 3 mile run yesterday', 'log_workout', { activityType: 'running', distanceKm: 4.83, logDate: '2025-06-13' }],
    ['record a 10k ride on 2025-06-11, 1 hour 20 minutes, effort 7', 'log_workout', { activityType: 'cycling', distanceKm: 10, durationMinutes: 80, effortLevel: 7, logDate: '2025-06-11' }],
    ['log a swim today, 40 min, notes: Open water, 2 laps of the lake', 'log_workout', { activityType: 'swimming', durationMinutes: 40, logDate: '2025-06-14', notes: 'Open water, 2 laps of the lake' }],
    ['log a swim of 1.5 km today, 40 min, notes: Open water, chilly', 'log_workout', { activityType: 'swimming', distanceKm: 1.5, durationMinutes: 40, logDate: '2025-06-14', notes: 'Open water, chilly' }],
    ['add 45 minutes of yoga on monday', 'log_workout', { activityType: 'yoga', durationMinutes: 45, logDate: '2025-06-09' }],
    ['log my strength session yesterday, half an hour, 6/10', 'log_workout', { activityType: 'strength', durationMinutes: 30, effortLevel: 6, logDate: '2025-06-13' }],
    ['record a half marathon yesterday in 1:45:00', 'log_workout', { activityType: 'running', distanceKm: 21.1, durationMinutes: 105, logDate: '2025-06-13' }],
    ['Log an 8k jog at 6:30 this morning in 48:30', 'log_workout', { activityType: 'running', distanceKm: 8, durationMinutes: 49, logDate: '2025-06-14' }],
    ['set a goal of 30 km a week', 'set_goal', { title: '30 km a week', description: 'Cover 30 km every week.', kind: 'weekly_distance', target: 30 }],
    ['Set a new goal: 4 runs a week by 2025-12-31', 'set_goal', { title: '4 workouts a week', kind: 'weekly_workouts', target: 4, deadline: '2025-12-31' }],
    ['set a goal of 500 km by the end of the year', 'set_goal', { title: '500 km in total', kind: 'total_distance', target: 500, deadline: '2025-12-31' }],
    ['Set a goal to finish a trail race this autumn', 'set_goal', { title: 'Finish a trail race this autumn', description: 'Finish a trail race this autumn.', kind: 'custom' }],
    ['My goal is to break 50 minutes in the 10k', 'set_goal', { title: 'Break 50 minutes in the 10k', kind: 'custom' }],
    ['I missed workouts, adjust my plan', 'propose_plan_change', { reason: expect.stringContaining('You missed 1 planned workout') as string, changes: { daysPerWeek: 2 } }],
    ['make my plan 4 days a week', 'propose_plan_change', { reason: 'You asked to train 4 days a week.', changes: { daysPerWeek: 4 } }],
    ['change my long run to 45 km', 'propose_plan_change', { reason: 'You asked to make the long run 45 km.', changes: { longRunKm: 45 } }],
    ['move my long run to saturday', 'propose_plan_change', { reason: 'You asked to move the long run to Saturday.', changes: { longRunDay: 'Saturday' } }],
    ['My race moved to October 12, please update my plan', 'propose_plan_change', { changes: { raceDate: '2025-10-12' } }],
  ])('"%s" calls %s with the arguments it names', async (sentence, name, args) => {
    const { choice, call } = await toolCallFor(sentence);
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(call?.id).toMatch(/^call_[A-Za-z0-9]+$/);
    expect(call?.function.name).toBe(name);
    const parsed = JSON.parse(call!.function.arguments) as Record<string, unknown>;
    expect(parsed).toMatchObject(args);
    if (name === 'log_workout') expect(Object.keys(parsed).sort()).toEqual(Object.keys(args).sort());
  });

  it('eases a plan back a day for missed workouts only when the plan records some', async () => {
    const noneMissed = { ...CONTEXT, activePlan: { ...CONTEXT.activePlan, missedWorkouts: 0 } };
    const { call } = await toolCallFor('I missed workouts, adjust my plan', noneMissed);
    expect(call?.function.name).toBe('propose_plan_change');
    expect(JSON.parse(call!.function.arguments)).toEqual({ reason: 'You missed planned workouts and asked to adjust the plan.', changes: {} });
  });

  it("reads distances without a unit in the athlete's units: miles become km", async () => {
    const miles = { ...CONTEXT, units: 'mi' };
    const log = await toolCallFor('log a run of 6 yesterday, 50 minutes', miles);
    expect(JSON.parse(log.call!.function.arguments)).toEqual({ activityType: 'running', distanceKm: 9.66, durationMinutes: 50, logDate: '2025-06-13' });
    const goal = await toolCallFor('set a goal of 20 miles a week', miles);
    expect(JSON.parse(goal.call!.function.arguments)).toMatchObject({ title: '20 mi a week', kind: 'weekly_distance', target: 32.19 });
    const km = await toolCallFor('log 5 miles today', CONTEXT);
    expect(JSON.parse(km.call!.function.arguments)).toMatchObject({ distanceKm: 8.05 });
  });

  it('answers in words when the tool is not offered, tool_choice is none, or the athlete only asks about it', async () => {
    const notOffered = await toolCallFor('log a 5 km run today', CONTEXT, TOOLS.slice(1));
    expect(notOffered.choice.finish_reason).toBe('stop');
    const none = await client.chat.completions.create({ model: MODEL, messages: [system(), { role: 'user', content: 'log a 5 km run today' }], tools: TOOLS, tool_choice: 'none' });
    expect(none.choices[0]!.message.tool_calls).toBeUndefined();
    for (const question of ['How do I log a run?', 'Should I move my long run to saturday?', 'What is a good goal for me?', 'I want to know how my goal is going', 'I should add more running']) {
      expect((await toolCallFor(question)).choice.finish_reason).toBe('stop');
    }
  });

  it('fills strict zodFunction tools (optional arguments null) and parse() reads the arguments', async () => {
    const logWorkout = zodFunction({
      name: 'log_workout',
      parameters: z.object({
        activityType: z.enum(['running', 'cycling', 'swimming', 'strength', 'yoga', 'other']),
        distanceKm: z.number().nullable(),
        durationMinutes: z.number().int().nullable(),
        effortLevel: z.number().int().min(1).max(10).nullable(),
        logDate: z.string(),
        notes: z.string().nullable(),
      }),
    });
    const completion = await client.chat.completions.parse({
      model: MODEL,
      messages: [system(), { role: 'user', content: 'log a 5 km run today, 30 minutes' }],
      tools: [logWorkout],
    });
    const call = completion.choices[0]!.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.parsed_arguments).toEqual({ activityType: 'running', distanceKm: 5, durationMinutes: 30, effortLevel: null, logDate: '2025-06-14', notes: null });
  });

  it('calls the named function when tool_choice forces it', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [system(), { role: 'user', content: 'I did 8 km this morning' }],
      tools: TOOLS,
      tool_choice: { type: 'function', function: { name: 'log_workout' } },
    });
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ activityType: 'running', distanceKm: 8, logDate: '2025-06-14' });
  });
});

describe('tool results', () => {
  const afterCall = async (sentence: string, result: unknown, context: unknown = CONTEXT) => {
    const { call, choice } = await toolCallFor(sentence, context);
    const completion = await client.chat.completions.create({
      model: MODEL,
      tools: TOOLS,
      messages: [system(context), { role: 'user', content: sentence }, choice.message as ChatCompletionMessageParam, { role: 'tool', tool_call_id: call!.id, content: JSON.stringify(result) }],
    });
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    return completion.choices[0]!.message.content!;
  };

  it('says plainly that it could not be done, quoting the reason, when the result has ok: false or an error', async () => {
    const refused = await afterCall('log a 5 km run today', { ok: false, reason: 'A workout cannot be logged in the future' });
    expect(refused).toBe('I could not log that workout. The app said: "A workout cannot be logged in the future"');
    const failed = await afterCall('set a goal of 30 km a week', { error: { message: 'You already have 20 active goals' } });
    expect(failed).toBe('I could not set that goal. The app said: "You already have 20 active goals"');
  });

  it("confirms a done call with the result's numbers, in the athlete's units", async () => {
    const logged = await afterCall('log a 5 km run today', { ok: true, log: { activityType: 'running', distanceKm: 5, durationMinutes: 31, logDate: '2025-06-14' }, thisWeek: { workouts: 4, distanceKm: 23.2 } });
    expect(logged).toBe('Done: I logged your 5 km run on 2025-06-14 (31 minutes). That makes 4 workouts and 23.2 km this week.');
    const inMiles = await afterCall('log 3 miles today', { ok: true, log: { activityType: 'running', distanceKm: 4.83, logDate: '2025-06-14' } }, { ...CONTEXT, units: 'mi' });
    expect(inMiles).toBe('Done: I logged your 3 mi run on 2025-06-14.');
    const goal = await afterCall('set a goal of 30 km a week', { ok: true, goal: { title: '30 km a week', kind: 'weekly_distance', target: 30, progressPercent: 40 } });
    expect(goal).toBe('Your goal "30 km a week" is set: 30 km a week. You are at 40% already.');
    const plan = await afterCall('move my long run to saturday', { ok: true, status: 'pending' });
    expect(plan).toBe('I have proposed a change to your plan: long run on Saturday. Why: You asked to move the long run to Saturday. It is waiting for you to accept it.');
  });
});

describe("OpenAI's errors", () => {
  it('refuses a wrong key with AuthenticationError (401) and a missing one', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-not-the-local-key-1234', baseURL: standIn.url, maxRetries: 0 });
    const error = await caught(wrong.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }));
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
    expect((error as Error).message).toContain('Incorrect API key provided: sk-not***************1234');
    const anonymous = await fetch(`${standIn.url}/chat/completions`, { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error', param: null, code: null } });
    expect(standIn.requests).toHaveLength(0);
  });

  it.each([
    ['no messages', 'messages', 'missing_required_parameter', { model: MODEL }],
    ['an empty conversation', 'messages', 'empty_array', { model: MODEL, messages: [] }],
    ['an unknown role', 'messages[0].role', 'invalid_value', { model: MODEL, messages: [{ role: 'robot', content: 'hi' }] }],
    ['content of the wrong type', 'messages[0].content', 'invalid_type', { model: MODEL, messages: [{ role: 'user', content: 42 }] }],
    ['a bad content part', 'messages[0].content[0].text', 'invalid_type', { model: MODEL, messages: [{ role: 'user', content: [{ type: 'text', text: 7 }] }] }],
    ['a temperature over 2', 'temperature', 'decimal_above_max_value', { model: MODEL, messages: [{ role: 'user', content: 'hi' }], temperature: 2.5 }],
    ['a tool of another type', 'tools[0].type', 'invalid_value', { model: MODEL, messages: [{ role: 'user', content: 'hi' }], tools: [{ type: 'web_search' }] }],
    ['a bad response format', 'response_format.json_schema.name', 'invalid_value', { model: MODEL, messages: [{ role: 'user', content: 'hi' }], response_format: { type: 'json_schema', json_schema: { name: 'has spaces' } } }],
    ['a tool result without its call', 'messages[1].role', 'invalid_value', { model: MODEL, messages: [{ role: 'user', content: 'hi' }, { role: 'tool', tool_call_id: 'call_x', content: '{}' }] }],
    ['tool_choice without tools', 'tool_choice', 'invalid_value', { model: MODEL, messages: [{ role: 'user', content: 'hi' }], tool_choice: 'required' }],
  ])('refuses %s with BadRequestError (400) naming %s (%s)', async (_label, param, code, body) => {
    const error = await caught(client.chat.completions.create(body as unknown as ChatCompletionCreateParamsNonStreaming));
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', param, code });
  });

  it('refuses an argument OpenAI does not know and a body that is not JSON', async () => {
    const unknown = await caught(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], temprature: 1 } as unknown as ChatCompletionCreateParamsNonStreaming));
    expect(unknown).toMatchObject({ status: 400, message: '400 Unrecognized request argument supplied: temprature', param: null });
    const broken = await fetch(`${standIn.url}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${standIn.apiKey}`, 'content-type': 'application/json' }, body: '{"model": ' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toContain('We could not parse the JSON body of your request.');
  });

  it('answers 404 for a path it does not serve', async () => {
    const error = await caught(client.embeddings.create({ model: 'text-embedding-3-small', input: 'hi' }));
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as Error).message).toContain('Invalid URL (POST /v1/embeddings)');
  });

  it('answers only loopback host names', async () => {
    const { request } = await import('node:http');
    const url = new URL(standIn.url);
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: url.hostname, port: url.port, method: 'POST', path: '/v1/chat/completions', headers: { host: 'evil.example', authorization: `Bearer ${standIn.apiKey}` } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end('{}');
    });
    expect(status).toBe(403);
  });
});

describe('injected failures', () => {
  const hello = (target: OpenAI = client) => target.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] });

  it('server_error answers 500 (InternalServerError), then the next request is served', async () => {
    standIn.failNext('server_error');
    const error = await caught(hello());
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(error).toMatchObject({ status: 500, type: 'server_error' });
    expect((await hello()).choices[0]!.finish_reason).toBe('stop');
  });

  it('rate_limit answers 429 (RateLimitError) as many times as asked', async () => {
    standIn.failNext('rate_limit', 2);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const error = await caught(hello());
      expect(error).toBeInstanceOf(OpenAI.RateLimitError);
      expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
      expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('1');
    }
    await expect(hello()).resolves.toBeDefined();
  });

  it('timeout holds the request until the client gives up (APIConnectionTimeoutError)', async () => {
    standIn.failNext('timeout');
    const impatient = new OpenAI({ apiKey: standIn.apiKey, baseURL: standIn.url, maxRetries: 0, timeout: 300 });
    const started = Date.now();
    const error = await caught(hello(impatient));
    expect(error).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(standIn.requests).toHaveLength(1);
    await expect(hello(impatient)).resolves.toBeDefined();
  });

  it('stop() ends a request a timeout failure is holding', async () => {
    const other = await startOpenAiStandIn();
    other.failNext('timeout');
    const patient = new OpenAI({ apiKey: other.apiKey, baseURL: other.url, maxRetries: 0, timeout: 30_000 });
    const pending = caught(hello(patient));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.stop();
    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError);
  });
});

describe('the _local control surface', () => {
  const local = (path: string, init: RequestInit = {}) => fetch(`${new URL(standIn.url).origin}/_local/${path}`, { ...init, headers: { authorization: `Bearer ${standIn.apiKey}`, 'content-type': 'application/json' } });

  it('records every chat completion body, in order, in `requests` and GET /_local/requests', async () => {
    await ask('How is my week?', { temperature: 0.2 });
    await caught(client.chat.completions.create({ model: MODEL, messages: [] }));
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.requests[0]).toEqual({ model: MODEL, messages: [system(), { role: 'user', content: 'How is my week?' }], temperature: 0.2 });
    expect(standIn.requests[1]).toEqual({ model: MODEL, messages: [] });
    const listed = await local('requests');
    expect(await listed.json()).toEqual({ requests: standIn.requests });
    expect((await fetch(`${new URL(standIn.url).origin}/_local/requests`)).status).toBe(401);
  });

  it('POST /_local/fail-next queues failures and POST /_local/reset forgets them and the requests', async () => {
    const queued = await local('fail-next', { method: 'POST', body: JSON.stringify({ kind: 'rate_limit', count: 2 }) });
    expect(await queued.json()).toEqual({ failNext: ['rate_limit', 'rate_limit'] });
    expect(await caught(ask('hi'))).toBeInstanceOf(OpenAI.RateLimitError);
    expect(standIn.requests).toHaveLength(1);
    expect((await local('reset', { method: 'POST' })).status).toBe(200);
    expect(standIn.requests).toHaveLength(0);
    await expect(ask('hi')).resolves.toBeDefined();
    expect((await local('fail-next', { method: 'POST', body: JSON.stringify({ kind: 'meteor' }) })).status).toBe(400);
  });

  it('uses the local key by default', () => {
    expect(standIn.apiKey).toBe(LOCAL_OPENAI_KEY);
    expect(LOCAL_OPENAI_KEY).toBe('sk-local-racefinder');
    expect(standIn.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(logged).toEqual([]);
  });
});

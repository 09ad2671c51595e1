/**
 * The local model's turn in OpenAI's wire format: a `chat.completion` object (typed with the SDK's own
 * types, so a field the SDK reads cannot be misspelled here) or, for `stream: true`, the
 * `chat.completion.chunk` sequence. The response format shapes the content (plain text, a JSON object, or
 * JSON that validates against a json_schema); `stop` cuts it; max_completion_tokens (or max_tokens)
 * truncates it with finish_reason 'length', as OpenAI does.
 *
 * Tokens are estimated as ceil(characters / 4): the prompt counts message text, tool-call arguments and
 * the tool definitions; the completion counts its content, or the call's name and arguments.
 */
import { randomBytes } from 'node:crypto';
import type OpenAI from 'openai';
import { structuredReply } from './json-schema.ts';
import type { ModelTurn } from './local-model.ts';
import { messageText, type ChatCompletionRequest, type ResponseFormat } from './request-schema.ts';

export const CHARS_PER_TOKEN = 4;
/** Stands in for the model build OpenAI names in system_fingerprint. */
const SYSTEM_FINGERPRINT = 'fp_racefinder_local';

export const estimateTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** OpenAI-looking ids ('chatcmpl-…', 'call_…'): unique per answer, the one thing that differs between runs. */
export function openAiId(prefix: string, length: number): string {
  return `${prefix}${[...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

/** The reply text as the response format wants it. */
function formatContent(format: ResponseFormat | undefined, text: string): string {
  if (format?.type === 'json_schema') {
    const schema = format.json_schema.schema;
    return JSON.stringify(schema ? structuredReply(schema, text) : { reply: text });
  }
  if (format?.type === 'json_object') return JSON.stringify({ reply: text });
  return text;
}

/** The content up to the first stop sequence (OpenAI leaves the sequence out and finishes with 'stop'). */
function cutAtStop(content: string, stop: ChatCompletionRequest['stop']): string {
  const sequences = stop === undefined || stop === null ? [] : typeof stop === 'string' ? [stop] : stop;
  const cuts = sequences.filter((sequence) => sequence !== '').map((sequence) => content.indexOf(sequence)).filter((at) => at >= 0);
  return cuts.length ? content.slice(0, Math.min(...cuts)) : content;
}

function promptTokens(request: ChatCompletionRequest): number {
  const parts = request.messages.map((entry) => messageText(entry) + (entry.role === 'assistant' ? (entry.tool_calls ?? []).map((call) => call.function.name + call.function.arguments).join('') : ''));
  if (request.tools) parts.push(JSON.stringify(request.tools));
  return estimateTokens(parts.join(''));
}

type Choice = OpenAI.ChatCompletion.Choice;

function choiceOf(request: ChatCompletionRequest, turn: ModelTurn, index: number): { choice: Choice; completionText: string } {
  if (turn.kind === 'tool_call') {
    const args = JSON.stringify(turn.arguments);
    return {
      choice: {
        index,
        message: {
          role: 'assistant',
          content: null,
          refusal: null,
          annotations: [],
          tool_calls: [{ id: openAiId('call_', 24), type: 'function', function: { name: turn.name, arguments: args } }],
        },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
      completionText: turn.name + args,
    };
  }
  const content = cutAtStop(formatContent(request.response_format, turn.text), request.stop);
  const limit = request.max_completion_tokens ?? request.max_tokens;
  const truncated = limit !== undefined && limit !== null && estimateTokens(content) > limit;
  const text = truncated ? content.slice(0, limit * CHARS_PER_TOKEN) : content;
  return {
    choice: { index, message: { role: 'assistant', content: text, refusal: null, annotations: [] }, logprobs: null, finish_reason: truncated ? 'length' : 'stop' },
    completionText: text,
  };
}

/** The chat.completion answer: `n` identical choices (the model is deterministic), usage estimated. */
export function buildCompletion(request: ChatCompletionRequest, turn: ModelTurn, now: Date = new Date()): OpenAI.ChatCompletion {
  const built = Array.from({ length: request.n ?? 1 }, (_, index) => choiceOf(request, turn, index));
  const prompt = promptTokens(request);
  const completion = built.reduce((sum, { completionText }) => sum + estimateTokens(completionText), 0);
  return {
    id: openAiId('chatcmpl-', 29),
    object: 'chat.completion',
    created: Math.floor(now.getTime() / 1000),
    model: request.model,
    choices: built.map(({ choice }) => choice),
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    },
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
  };
}

/** Pieces a streamed text arrives in: a word with its trailing space, as tokens roughly do. */
const piecesOf = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
/** Arguments arrive in short fragments, as OpenAI streams them. */
const fragmentsOf = (text: string) => text.match(/[\s\S]{1,16}/g) ?? [];

/**
 * The same answer as `stream: true` delivers it: per choice a role chunk, content (or tool-call argument)
 * deltas and a finish chunk; with stream_options.include_usage every chunk has `usage: null` and a last chunk
 * with no choices carries the usage.
 */
export function* streamChunks(completion: OpenAI.ChatCompletion, includeUsage: boolean): Generator<OpenAI.ChatCompletionChunk> {
  const base = { id: completion.id, object: 'chat.completion.chunk' as const, created: completion.created, model: completion.model, service_tier: completion.service_tier, system_fingerprint: completion.system_fingerprint };
  const chunk = (choices: OpenAI.ChatCompletionChunk.Choice[]): OpenAI.ChatCompletionChunk => ({ ...base, choices, ...(includeUsage ? { usage: null } : {}) });
  for (const { index, message, finish_reason: finishReason } of completion.choices) {
    const call = message.tool_calls?.[0];
    if (call?.type === 'function') {
      yield chunk([{ index, delta: { role: 'assistant', content: null, refusal: null, tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, logprobs: null, finish_reason: null }]);
      for (const fragment of fragmentsOf(call.function.arguments)) {
        yield chunk([{ index, delta: { tool_calls: [{ index: 0, function: { arguments: fragment } }] }, logprobs: null, finish_reason: null }]);
      }
    } else {
      yield chunk([{ index, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }]);
      for (const piece of piecesOf(message.content ?? '')) yield chunk([{ index, delta: { content: piece }, logprobs: null, finish_reason: null }]);
    }
    yield chunk([{ index, delta: {}, logprobs: null, finish_reason: finishReason }]);
  }
  if (includeUsage) yield { ...base, choices: [], usage: completion.usage ?? null };
}

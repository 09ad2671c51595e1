/**
 * The chat completion request the stand-in accepts, as a zod schema over the JSON body, and the mapping of a
 * zod issue to the 400 OpenAI answers (`param` written as OpenAI writes it: `messages[0].content`). Like
 * OpenAI, an argument it does not know is refused ("Unrecognized request argument supplied"), so a typo in
 * the app fails here and not only in production. Parameters that tune sampling are accepted and ignored: the
 * local model is deterministic.
 */
import * as z from 'zod';
import { invalidRequest, type OpenAiApiError } from './errors.ts';

/** OpenAI's rule for function and json_schema names. */
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const name = z.string().regex(NAME, { error: 'must be 1 to 64 letters, digits, underscores or dashes' });

const jsonObject = z.record(z.string(), z.unknown());

const textPart = z.strictObject({ type: z.literal('text'), text: z.string() });
const refusalPart = z.strictObject({ type: z.literal('refusal'), refusal: z.string() });
/** Images, audio and files are accepted for the wire format's sake; the local model reads text only. */
const userPart = z.discriminatedUnion('type', [
  textPart,
  z.strictObject({ type: z.literal('image_url'), image_url: z.strictObject({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).optional() }) }),
  z.strictObject({ type: z.literal('input_audio'), input_audio: z.strictObject({ data: z.string(), format: z.enum(['wav', 'mp3']) }) }),
  z.strictObject({ type: z.literal('file'), file: z.strictObject({ file_data: z.string().optional(), file_id: z.string().optional(), filename: z.string().optional() }) }),
]);

const CONTENT_TYPES = 'expected one of a string or array of objects';
const textContent = z.union([z.string(), z.array(textPart)], { error: CONTENT_TYPES });

/** `parsed_arguments` and `parsed` are what the SDK's parse() adds; apps send the message back as they got it. */
const toolCall = z.strictObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.strictObject({ name: z.string(), arguments: z.string(), parsed_arguments: z.unknown().optional() }),
});

const message = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('system'), content: textContent, name: z.string().optional() }),
  z.strictObject({ role: z.literal('developer'), content: textContent, name: z.string().optional() }),
  z.strictObject({ role: z.literal('user'), content: z.union([z.string(), z.array(userPart)], { error: CONTENT_TYPES }), name: z.string().optional() }),
  z.strictObject({
    role: z.literal('assistant'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, refusalPart]))], { error: CONTENT_TYPES }).nullish(),
    refusal: z.string().nullish(),
    name: z.string().optional(),
    tool_calls: z.array(toolCall).optional(),
    audio: z.strictObject({ id: z.string() }).nullish(),
    // The answer's own fields, so `messages.push(completion.choices[0].message)` works as it does with OpenAI.
    annotations: z.array(z.unknown()).optional(),
    function_call: z.null().optional(),
    parsed: z.unknown().optional(),
  }),
  z.strictObject({ role: z.literal('tool'), content: textContent, tool_call_id: z.string() }),
]);
export type ChatMessage = z.infer<typeof message>;

const tool = z.strictObject({
  type: z.literal('function'),
  function: z.strictObject({ name, description: z.string().optional(), parameters: jsonObject.optional(), strict: z.boolean().nullish() }),
});
export type FunctionTool = z.infer<typeof tool>;

const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.strictObject({ type: z.literal('function'), function: z.strictObject({ name: z.string() }) }),
]);

const responseFormat = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({ type: z.literal('json_object') }),
  z.strictObject({
    type: z.literal('json_schema'),
    json_schema: z.strictObject({ name, description: z.string().optional(), schema: jsonObject.optional(), strict: z.boolean().nullish() }),
  }),
]);
export type ResponseFormat = z.infer<typeof responseFormat>;

const positiveInt = z.number().int().min(1);

export const ChatCompletionRequestSchema = z
  .strictObject({
    model: z.string().min(1),
    messages: z.array(message).min(1),
    tools: z.array(tool).max(128).optional(),
    tool_choice: toolChoice.optional(),
    parallel_tool_calls: z.boolean().optional(),
    response_format: responseFormat.optional(),
    max_completion_tokens: positiveInt.nullish(),
    /** Deprecated by OpenAI in favour of max_completion_tokens; still accepted there and here. */
    max_tokens: positiveInt.nullish(),
    n: positiveInt.max(128).nullish(),
    stop: z.union([z.string(), z.array(z.string()).max(4)]).nullish(),
    stream: z.boolean().nullish(),
    stream_options: z.strictObject({ include_usage: z.boolean().optional(), include_obfuscation: z.boolean().optional() }).nullish(),
    // Accepted and ignored: sampling and bookkeeping that do not change a deterministic answer.
    temperature: z.number().min(0).max(2).nullish(),
    top_p: z.number().min(0).max(1).nullish(),
    frequency_penalty: z.number().min(-2).max(2).nullish(),
    presence_penalty: z.number().min(-2).max(2).nullish(),
    seed: z.number().int().nullish(),
    logprobs: z.boolean().nullish(),
    top_logprobs: z.number().int().min(0).max(20).nullish(),
    logit_bias: z.record(z.string(), z.number()).nullish(),
    user: z.string().optional(),
    safety_identifier: z.string().optional(),
    prompt_cache_key: z.string().optional(),
    store: z.boolean().nullish(),
    metadata: z.record(z.string(), z.string()).nullish(),
    reasoning_effort: z.enum(['minimal', 'low', 'medium', 'high']).nullish(),
    verbosity: z.enum(['low', 'medium', 'high']).nullish(),
    service_tier: z.enum(['auto', 'default', 'flex', 'scale', 'priority']).nullish(),
    modalities: z.array(z.enum(['text', 'audio'])).nullish(),
  })
  .superRefine((request, context) => {
    const problem = (message: string, path: PropertyKey[], code: string) => context.addIssue({ code: 'custom', message, path, params: { openaiCode: code } });
    if (request.stream_options && !request.stream) {
      problem("The 'stream_options' parameter is only allowed when 'stream' is enabled.", ['stream_options'], 'invalid_value');
    }
    const toolNames = new Set((request.tools ?? []).map((entry) => entry.function.name));
    if (request.tool_choice !== undefined && request.tool_choice !== 'none' && toolNames.size === 0) {
      problem("Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.", ['tool_choice'], 'invalid_value');
    }
    if (typeof request.tool_choice === 'object' && toolNames.size > 0 && !toolNames.has(request.tool_choice.function.name)) {
      problem(`Invalid value for 'tool_choice': no function named '${request.tool_choice.function.name}' was specified in the 'tools' parameter.`, ['tool_choice'], 'invalid_value');
    }
    pairToolMessages(request.messages, problem);
  });
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

/**
 * OpenAI's conversation rules for function calling: a tool message answers a tool call of the assistant
 * message before it, and every tool call is answered before the conversation goes on. An app that breaks them
 * gets the same 400 here as from OpenAI.
 */
function pairToolMessages(messages: readonly ChatMessage[], problem: (message: string, path: PropertyKey[], code: string) => void): void {
  let open: Set<string> | undefined;
  messages.forEach((entry, index) => {
    if (entry.role === 'tool') {
      if (!open?.delete(entry.tool_call_id)) {
        problem(`Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls'.`, ['messages', index, 'role'], 'invalid_value');
      }
      return;
    }
    if (open && open.size > 0) {
      problem(
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')}`,
        ['messages', index - 1],
        'invalid_value',
      );
    }
    open = entry.role === 'assistant' && entry.tool_calls?.length ? new Set(entry.tool_calls.map((call) => call.id)) : undefined;
  });
}

/** ['messages', 0, 'content'] -> messages[0].content */
export function paramName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, segment) => (typeof segment === 'number' ? `${name}[${segment}]` : name ? `${name}.${String(segment)}` : String(segment)), '');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal';
  if (typeof value === 'boolean') return 'a boolean';
  return `a ${typeof value}`;
}

const quote = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

/**
 * A union names no single cause; when exactly one branch got past the type check (content that is an array,
 * but with a bad part), that branch's issue is the one to report.
 */
function innermost(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const matched = issue.errors.filter((branch) => !(branch[0]?.code === 'invalid_type' && branch[0].path.length === 0));
  const inner = matched.length === 1 ? matched[0]![0] : undefined;
  return inner ? innermost({ ...inner, path: [...issue.path, ...inner.path] }) : issue;
}

/** The zod issue OpenAI would name first (an unknown top-level argument), as OpenAI's 400. */
export function requestError(error: z.ZodError): OpenAiApiError {
  const first = error.issues.find((issue) => issue.code === 'unrecognized_keys' && issue.path.length === 0) ?? error.issues[0]!;
  const issue = innermost(first);
  const input = (issue as { input?: unknown }).input;
  const param = paramName(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0]!;
      return issue.path.length === 0
        ? invalidRequest(`Unrecognized request argument supplied: ${key}`)
        : invalidRequest(`Invalid '${param}': unrecognized property '${key}'.`, paramName([...issue.path, key]), 'unknown_parameter');
    }
    case 'invalid_type':
      return input === undefined
        ? invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter')
        : invalidRequest(`Invalid type for '${param}': expected ${issue.expected === 'array' ? 'an array' : `a ${issue.expected}`}, but got ${describe(input)} instead.`, param, 'invalid_type');
    case 'invalid_union':
      // A discriminated union whose discriminator (role, type) matched no option.
      if (issue.discriminator !== undefined && 'options' in issue) {
        const given = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[issue.discriminator] : undefined;
        const options = (issue.options ?? []).map(quote).join(', ');
        return given === undefined
          ? invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter')
          : invalidRequest(`Invalid value: ${quote(given)}. Supported values are: ${options}.`, param, 'invalid_value');
      }
      return invalidRequest(`Invalid type for '${param}': ${issue.message}, but got ${describe(input)} instead.`, param, 'invalid_type');
    case 'invalid_value':
      return invalidRequest(`Invalid value: ${quote(input)}. Supported values are: ${issue.values.map(quote).join(', ')}.`, param, 'invalid_value');
    case 'too_small':
      if (issue.origin === 'array' && Number(issue.minimum) === 1 && Array.isArray(input) && input.length === 0) {
        return invalidRequest(`Invalid '${param}': empty array. Expected an array with minimum length 1, but got an empty array instead.`, param, 'empty_array');
      }
      return invalidRequest(`Invalid '${param}': expected a value >= ${String(issue.minimum)}, but got ${quote(input)} instead.`, param, `${numberKind(input)}_below_min_value`);
    case 'too_big':
      return invalidRequest(`Invalid '${param}': expected a value <= ${String(issue.maximum)}, but got ${quote(input)} instead.`, param, `${numberKind(input)}_above_max_value`);
    case 'custom': {
      const code = (issue.params as { openaiCode?: string } | undefined)?.openaiCode ?? 'invalid_value';
      return invalidRequest(issue.message, param, code);
    }
    default:
      return invalidRequest(`Invalid '${param}': ${issue.message}.`, param, 'invalid_value');
  }
}

const numberKind = (input: unknown) => (Array.isArray(input) ? 'array' : typeof input === 'string' ? 'string' : Number.isInteger(input) ? 'integer' : 'decimal');

/** Parses a request body or throws OpenAI's 400 for it. */
export function parseChatCompletionRequest(body: unknown): ChatCompletionRequest {
  const result = ChatCompletionRequestSchema.safeParse(body, { reportInput: true });
  if (!result.success) throw requestError(result.error);
  return result.data;
}

/** A message's text: its string content, or its text parts joined (images and audio have none). */
export function messageText(entry: ChatMessage): string {
  const content = entry.content;
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * The local "model": a few deterministic rules that answer the way the coach model is expected to, so the
 * app's whole OpenAI path (prompt, tools, tool results, structured output) runs offline.
 *
 *   - last message from a tool (the app ran a call): report each result since the assistant's tool calls;
 *   - last message from the user asking for an offered tool: call it, arguments read from the message;
 *     tool_choice 'required' or a named function forces a call, 'none' forbids one;
 *   - otherwise: answer the last user message with the athlete's figures and advice.
 *
 * Same request, same answer: nothing here is random or reads the clock (a context without `today` is the
 * one exception: a workout is then dated by the machine's date).
 */
import { findAthleteContext, type AthleteContext } from './athlete-context.ts';
import { answerQuestion, reportToolResults, type ToolOutcome } from './coach-replies.ts';
import { fitToSchema, plainValue, type JsonSchema } from './json-schema.ts';
import { messageText, type ChatCompletionRequest, type ChatMessage, type FunctionTool } from './request-schema.ts';
import { argumentsFor, detectToolIntent } from './tool-intents.ts';

export type ModelTurn =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'tool_call'; readonly name: string; readonly arguments: Readonly<Record<string, unknown>> };

/** The tools the model may call: all offered ones unless tool_choice is 'none', just the named one if forced. */
function callableTools(request: ChatCompletionRequest): FunctionTool[] {
  const tools = request.tools ?? [];
  const choice = request.tool_choice;
  if (choice === 'none') return [];
  if (typeof choice === 'object') return tools.filter((tool) => tool.function.name === choice.function.name);
  return tools;
}

const lastUserText = (messages: readonly ChatMessage[]) => {
  const user = [...messages].reverse().find((entry) => entry.role === 'user');
  return user ? messageText(user) : '';
};

const parseArguments = (json: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The tool messages at the end of the conversation, each with the call it answers. */
function trailingToolOutcomes(messages: readonly ChatMessage[]): ToolOutcome[] {
  const outcomes: ToolOutcome[] = [];
  let index = messages.length - 1;
  for (; index >= 0 && messages[index]!.role === 'tool'; index -= 1);
  const caller = messages[index];
  const calls = new Map((caller?.role === 'assistant' ? (caller.tool_calls ?? []) : []).map((call) => [call.id, call.function]));
  for (const entry of messages.slice(index + 1)) {
    if (entry.role !== 'tool') continue;
    const call = calls.get(entry.tool_call_id);
    outcomes.push({ name: call?.name, arguments: call ? parseArguments(call.arguments) : {}, content: messageText(entry) });
  }
  return outcomes;
}

function toolCall(tool: FunctionTool, args: Record<string, unknown>): ModelTurn {
  const parameters: JsonSchema | undefined = tool.function.parameters;
  const fitted = parameters ? fitToSchema(args, parameters) : args;
  return { kind: 'tool_call', name: tool.function.name, arguments: fitted as Record<string, unknown> };
}

/** A call the app forced: a coach tool's arguments as read from the message, any other the plainest valid ones. */
function forcedCall(tool: FunctionTool, message: string, context: AthleteContext | undefined): ModelTurn {
  const args = argumentsFor(tool.function.name, message, context) ?? (plainValue(tool.function.parameters ?? { type: 'object' }) as Record<string, unknown> | null) ?? {};
  return toolCall(tool, args);
}

export function respond(request: ChatCompletionRequest): ModelTurn {
  const { messages } = request;
  const context = findAthleteContext(messages);
  const last = messages.at(-1)!;
  if (last.role === 'tool') return { kind: 'text', text: reportToolResults(trailingToolOutcomes(messages), context) };

  const question = lastUserText(messages);
  if (last.role === 'user') {
    const tools = callableTools(request);
    const intent = detectToolIntent(question, context, new Set(tools.map((tool) => tool.function.name)));
    const asked = intent && tools.find((tool) => tool.function.name === intent.name);
    if (intent && asked) return toolCall(asked, intent.arguments);
    const forced = request.tool_choice === 'required' || typeof request.tool_choice === 'object';
    if (forced && tools[0]) return forcedCall(tools[0], question, context);
  }
  return { kind: 'text', text: answerQuestion(question, context) };
}

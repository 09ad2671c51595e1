/**
 * The AI coach's chat (spec 001): the athlete's messages and the coach's replies, kept per athlete and paged.
 * The coach acts only through three typed tools whose results pass the same rules as the athlete's own
 * requests; what a tool did travels with the reply as its action.
 */
import * as z from 'zod';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';

export const COACH_MESSAGE_MAX = 2000;

/**
 * The line the athlete's context follows in the coach's system message: the app writes it
 * (lambdas/data/coach-context.ts) and the local OpenAI stand-in looks for it (infra/local/openai).
 */
export const ATHLETE_CONTEXT_MARKER = 'ATHLETE CONTEXT (JSON):';
/** Messages an athlete may send the coach in a day (America/New_York days). */
export const COACH_DAILY_MESSAGES = 30;

export const NewCoachMessageSchema = z.strictObject({
  message: z
    .string({ message: 'Please write a message' })
    .trim()
    .min(1, 'Please write a message')
    .max(COACH_MESSAGE_MAX, `A message must be at most ${COACH_MESSAGE_MAX} characters`),
});

export const COACH_ACTIONS = ['log_workout', 'set_goal', 'propose_plan_change'] as const;

export const CoachActionSchema = z.object({
  kind: z.enum(COACH_ACTIONS),
  ok: z.boolean(),
  /** What was done, or why it was refused, in a sentence. */
  summary: z.string(),
  logId: UlidSchema.optional(),
  goalId: UlidSchema.optional(),
  /** A plan change to show as a diff and apply only when the athlete accepts it. */
  planId: UlidSchema.optional(),
  adjustmentId: UlidSchema.optional(),
});
export type CoachAction = z.infer<typeof CoachActionSchema>;

export const CoachMessageSchema = z.object({
  id: UlidSchema,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: IsoDateTimeSchema,
  /** The reply came from the offline coach (no AI service configured). */
  offline: z.boolean().optional(),
  actions: z.array(CoachActionSchema).optional(),
});
export type CoachMessage = z.infer<typeof CoachMessageSchema>;

export const CoachExchangeSchema = z.object({ message: CoachMessageSchema, reply: CoachMessageSchema, remainingToday: z.number().int() });
export type CoachExchange = z.infer<typeof CoachExchangeSchema>;

export const CoachMessagesQuerySchema = z.strictObject({ cursor: z.string().max(2048, 'cursor is not valid').optional() });
export const CoachMessagesPageSchema = z.object({ items: z.array(CoachMessageSchema), nextCursor: z.string().optional() });
export type CoachMessagesPage = z.infer<typeof CoachMessagesPageSchema>;

/** What the model must answer (structured output), checked with zod before anything is shown. */
export const CoachReplySchema = z.object({
  reply: z.string().min(1).max(4000),
});

/** The AI coach: the signed-in athlete's chat, grounded in their own log, goals and plan. */
import { CoachExchangeSchema, CoachMessagesPageSchema, CoachMessagesQuerySchema, NewCoachMessageSchema } from '../schemas/coach.ts';
import { defineRoutes } from './define.ts';

export const COACH_ROUTES = defineRoutes({
  sendCoachMessage: {
    method: 'POST',
    path: '/api/me/coach/messages',
    access: 'user',
    data: 'read-write',
    handler: 'coach/send-coach-message',
    request: { body: NewCoachMessageSchema },
    response: CoachExchangeSchema,
    status: 201,
    throttle: { rate: 1, burst: 5 },
    summary: "Ask the coach; the reply cites the caller's own numbers and may log a workout, set a goal or propose a plan change. 429 past the daily quota",
  },
  listCoachMessages: {
    method: 'GET',
    path: '/api/me/coach/messages',
    access: 'user',
    data: 'read',
    handler: 'coach/list-coach-messages',
    request: { query: CoachMessagesQuerySchema },
    response: CoachMessagesPageSchema,
    summary: "The caller's chat with the coach, newest first, a page at a time",
  },
});

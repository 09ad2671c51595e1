/** GET /api/me/coach/messages: the caller's chat with the coach, newest first. */
import { COACH_ROUTES } from '#shared/routes/coach';
import { listCoachMessages } from '#data/coach-history';
import { createHandler } from '#handler';

export const handler = createHandler(COACH_ROUTES.listCoachMessages, async ({ query, caller }) => listCoachMessages(caller.sub, query.cursor));

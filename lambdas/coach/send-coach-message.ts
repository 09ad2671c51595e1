/** POST /api/me/coach/messages: ask the coach, in the caller's units, within their daily quota. */
import { COACH_ROUTES } from '#shared/routes/coach';
import { askCoach } from '#data/coach';
import { createHandler } from '#handler';

export const handler = createHandler(COACH_ROUTES.sendCoachMessage, async ({ body, caller }) => askCoach(caller.sub, caller.profile.units ?? 'km', body.message));

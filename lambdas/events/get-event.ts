/**
 * GET /api/events/{id}: one event with its organization. Sign-in is optional: a verified event is public
 * (and cacheable), an unverified one is shown only to its organizer and admins and is a 404 to everyone else.
 */
import { EVENTS_ROUTES } from '#shared/routes/events';
import { createHandler } from '#handler';
import { eventDetail } from './event-detail.ts';

export const handler = createHandler(EVENTS_ROUTES.getEvent, ({ path, caller }) => eventDetail(path.id, caller));

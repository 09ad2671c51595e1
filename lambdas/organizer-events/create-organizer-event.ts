/** POST /api/events: an organizer's new event, unverified and queued for review. */
import { ORGANIZER_EVENTS_ROUTES } from '#shared/routes/organizer-events';
import { createOrganizerEvent } from '#data/organizer-event';
import { createHandler } from '#handler';

export const handler = createHandler(ORGANIZER_EVENTS_ROUTES.createOrganizerEvent, async ({ body, caller }) => createOrganizerEvent(caller, body));

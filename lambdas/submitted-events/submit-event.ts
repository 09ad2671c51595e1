/** POST /api/submitted-events: a signed-in user's suggestion of a missing race, queued for an admin's review. */
import { SUBMITTED_EVENTS_ROUTES } from '#shared/routes/submitted-events';
import { submitEvent } from '#data/event-suggestion';
import { createHandler } from '#handler';

export const handler = createHandler(SUBMITTED_EVENTS_ROUTES.submitEvent, async ({ body, caller }) => submitEvent(caller, body));

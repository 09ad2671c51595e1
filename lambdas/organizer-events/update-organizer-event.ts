/** PATCH /api/events/{id}: the owner's edit (admins may edit any), recorded field by field. */
import { ORGANIZER_EVENTS_ROUTES } from '#shared/routes/organizer-events';
import { editOrganizerEvent } from '#data/organizer-event';
import { createHandler } from '#handler';

export const handler = createHandler(ORGANIZER_EVENTS_ROUTES.updateOrganizerEvent, async ({ path, body, caller }) => editOrganizerEvent(caller, path.id, body));
